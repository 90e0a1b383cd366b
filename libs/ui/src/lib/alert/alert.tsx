import type { ReactNode } from 'react';
import { cx } from '../class-names';
import './alert.css';

type AlertVariant = 'error' | 'info' | 'success';

interface AlertProps {
  variant?: AlertVariant;
  title?: string;
  children: ReactNode;
  className?: string;
}

/**
 * A message box. Errors use role="alert" so screen readers announce them at once;
 * other messages are polite status updates.
 */
export function Alert({ variant = 'error', title, children, className }: AlertProps) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cx('vox-alert', `vox-alert--${variant}`, className)}>
      {title && <p className="vox-alert__title">{title}</p>}
      <div className="vox-alert__body">{children}</div>
    </div>
  );
}
