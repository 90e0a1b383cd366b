import { render, screen } from '@testing-library/react';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('tells screen readers what is loading', () => {
    render(<Spinner label="Loading scripts" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading scripts');
  });

  it('says Loading by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
