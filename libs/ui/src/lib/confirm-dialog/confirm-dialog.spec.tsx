import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('says what will happen, focuses the safe choice, and acts only on the confirm button', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    render(
      <ConfirmDialog title="Cancel your registration?" confirmLabel="Yes, cancel it" dismissLabel="Keep my registration" error="Could not cancel." onConfirm={onConfirm} onClose={onClose}>
        <p>Your seat goes to the waiting list.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel your registration?' });
    expect(dialog).toHaveTextContent('Your seat goes to the waiting list.');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not cancel.');
    expect(screen.getByRole('button', { name: 'Keep my registration' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep my registration' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('offers Cancel as the way out by default', () => {
    render(
      <ConfirmDialog title="Remove friend?" confirmLabel="Remove" onConfirm={() => undefined} onClose={() => undefined}>
        <p>Remove Ann?</p>
      </ConfirmDialog>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
