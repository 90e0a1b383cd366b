import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Pager } from './pager';

describe('Pager', () => {
  it('shows nothing for a single page', () => {
    const { container } = render(<Pager page={1} pages={1} onPage={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('as links: each page is an address, and the end one is disabled in place', () => {
    render(
      <MemoryRouter>
        <Pager page={3} pages={3} to={(page) => `/list?page=${page}`} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/list?page=2');
    const next = within(nav).getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('tabindex', '-1');
  });

  it('as buttons with words of its own; a page past the end counts as the last', () => {
    const onPage = jest.fn();
    render(<Pager page={5} pages={4} onPage={onPage} previous="Newer" next="Older" />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 4 of 4');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });
});
