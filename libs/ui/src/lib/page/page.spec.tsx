import { render, screen } from '@testing-library/react';
import { Page } from './page';

describe('Page', () => {
  it('is the skip link target: the one main landmark, focusable without a tab stop', () => {
    render(
      <Page width="wide">
        <p>Hello</p>
      </Page>,
    );
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'vox-main');
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(main).toHaveClass('vox-page--wide');
    expect(main).toHaveTextContent('Hello');
  });
});
