import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../main-entry';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  /** Help shown under the field and read with it (e.g. "at least 6 characters"). */
  hint?: ReactNode;
  /** Validation text; marks the field invalid and is read with it. */
  error?: ReactNode;
  /** A control drawn inside the right edge of the input, such as a show/hide toggle. */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  hint,
  error,
  trailing,
  id,
  type = 'text',
  className,
  ref,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `vox-field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx('vox-field', error ? 'vox-field--invalid' : undefined, className)}>
      <label className="vox-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={cx('vox-field__control', trailing ? 'vox-field__control--trailing' : undefined)}>
        <input
          ref={ref}
          id={inputId}
          type={type}
          className="vox-input vox-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          {...rest}
        />
        {trailing && <div className="vox-field__trailing">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="vox-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="vox-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
