import type { ReactNode } from 'react';
import { Alert, Button } from '@vox/ui';
import { Modal } from '@vox/ui/forms';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before something that cannot be undone with one click (removing a friend). */
export function ConfirmDialog({ title, children, confirmLabel, busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onClose}>
      <div className="vox-social-confirm">
        <div>{children}</div>
        {error && <Alert>{error}</Alert>}
        <div className="vox-social-actions vox-social-actions--end">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
