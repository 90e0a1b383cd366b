import type { ReactNode } from 'react';
import { ArrowLeftIcon } from '../icons/page-kit-icons';
import './back-bar.css';

interface BackBarProps {
  onBack(): void;
  /** Text of the back button. */
  label?: string;
  /** Optional title shown beside the button. */
  children?: ReactNode;
}

/** The top bar of a full-screen page that has no header: one way back. */
export function BackBar({ onBack, label = 'Back', children }: BackBarProps) {
  return (
    <header className="vox-back-bar">
      <button type="button" className="vox-back-bar__button" onClick={onBack}>
        <ArrowLeftIcon />
        <span>{label}</span>
      </button>
      {children && <div className="vox-back-bar__title">{children}</div>}
    </header>
  );
}
