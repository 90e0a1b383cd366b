import { render, screen } from '@testing-library/react';
import { Alert } from './alert';

describe('Alert', () => {
  it('announces errors at once with role="alert"', () => {
    render(<Alert>Wrong password.</Alert>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Wrong password.');
    expect(alert).toHaveClass('vox-alert--error');
  });

  it('reads other messages politely as a status', () => {
    render(
      <Alert variant="info" title="Heads up">
        A new code is on its way.
      </Alert>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Heads upA new code is on its way.');
  });
});
