import { useId, type SelectHTMLAttributes } from 'react';

/** A labelled <select> in the design system's field style (the ui kit has text fields only). */
export function SelectField({ label, options, ...rest }: { label: string; options: readonly { value: string; label: string }[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="vox-field">
      <label className="vox-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="vox-field__control">
        <select id={id} className="vox-input vox-field__input" {...rest}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
