import type { InputHTMLAttributes } from 'react';

/** A checkbox that reports its new state: `onChange(checked)`. */
export function Checkbox({
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  onChange: (checked: boolean) => void;
}) {
  return <input type="checkbox" {...input} onChange={(e) => onChange(e.target.checked)} />;
}
