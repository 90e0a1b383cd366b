import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from '../class-names';
import './button.css';

type ButtonVariant = 'primary' | 'secondary' | 'link';
type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretches the button to the width of its container. */
  block?: boolean;
}

/** The button classes, for links that should look like a button. */
export function buttonClassName({ variant = 'primary', size = 'md', block = false }: ButtonStyleOptions = {}): string {
  return cx('vox-button', `vox-button--${variant}`, `vox-button--${size}`, block && 'vox-button--block');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleOptions {
  /** Shows a spinner and blocks clicks while an action runs. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  block,
  busy = false,
  disabled,
  className,
  children,
  type = 'button',
  ref,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      // Defaults to "button" so a button inside a form never submits it by accident.
      type={type}
      className={cx(buttonClassName({ variant, size, block }), busy && 'vox-button--busy', className)}
      disabled={disabled}
      // Busy buttons stay focusable (aria-disabled, not disabled), so keyboard focus is
      // not dropped to the page while the action runs; clicks are swallowed instead.
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {busy && <span className="vox-button__spinner" aria-hidden="true" />}
      <span className="vox-button__label">{children}</span>
    </button>
  );
}
