import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './modal';

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          title="Edit profile"
          description="Changes are saved when you press Save."
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <label>
            Name
            <input />
          </label>
          <button type="button">Save</button>
        </Modal>
      )}
    </>
  );
}

async function openModal(onClose = jest.fn()) {
  const user = userEvent.setup();
  render(<Harness onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, onClose };
}

describe('Modal', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Changes are saved when you press Save.');
  });

  it('moves focus to the first field inside', async () => {
    await openModal();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openModal();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user, onClose } = await openModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes with the close button', async () => {
    const { user, onClose } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const { user, onClose } = await openModal();
    const dialog = screen.getByRole('dialog');
    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks page scrolling while open', async () => {
    const { user } = await openModal();
    expect(document.body).toHaveClass('vox-scroll-lock');
    await user.keyboard('{Escape}');
    expect(document.body).not.toHaveClass('vox-scroll-lock');
  });

  // The message dialog's field has autoFocus, which took focus before the dialog
  // could see who opened it, so closing left focus on the body.
  it('gives focus back to the opener when a field inside has autoFocus', async () => {
    function AutoFocusHarness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Write
          </button>
          {open && (
            <Modal title="Message Ada" onClose={() => setOpen(false)}>
              <textarea aria-label="Your message" autoFocus />
            </Modal>
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<AutoFocusHarness />);
    await user.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Write' })).toHaveFocus();
  });

  it('moves focus to the main landmark when the opener is gone', async () => {
    function GoneHarness() {
      const [open, setOpen] = useState(false);
      return (
        <main tabIndex={-1}>
          {!open && (
            <button type="button" onClick={() => setOpen(true)}>
              Log in
            </button>
          )}
          {open && <Modal title="Log in" onClose={() => setOpen(false)} />}
        </main>
      );
    }
    const user = userEvent.setup();
    render(<GoneHarness />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
