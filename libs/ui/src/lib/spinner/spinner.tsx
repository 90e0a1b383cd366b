import { cx } from '../class-names';
import './spinner.css';

interface SpinnerProps {
  /** Read by screen readers; the spinner itself is only a picture. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('vox-spinner', `vox-spinner--${size}`, className)}>
      <span className="vox-spinner__ring" aria-hidden="true" />
      <span className="vox-visually-hidden">{label}</span>
    </span>
  );
}
