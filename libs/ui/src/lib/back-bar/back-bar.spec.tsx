import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BackBar } from './back-bar';

describe('BackBar', () => {
  it('calls onBack from its Back button', async () => {
    const onBack = jest.fn();
    render(<BackBar onBack={onBack}>Shared script</BackBar>);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Shared script')).toBeInTheDocument();
  });
});
