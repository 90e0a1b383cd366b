import type { ReactNode } from 'react';
import { Alert, Button } from '../main-entry';
import { Modal } from '../modal/modal';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without acting; "Cancel" unless that would read as the action. */
  dismissLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before something that cannot be undone with one click (removing a friend, cancelling a
 * registration). The safe choice has the focus, so Enter or Escape never acts by accident.
 */
export function ConfirmDialog({ title, children, confirmLabel, dismissLabel = 'Cancel', busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onClose}>
      <div className="vox-confirm">
        <div>{children}</div>
        {error && <Alert>{error}</Alert>}
        <div className="vox-confirm__actions">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {dismissLabel}
          </Button>
          <Button onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
