import type { InputHTMLAttributes } from 'react';
import { useI18n } from '../lib/i18n';

/** A small text input under its label, the label holding both (a form's compact rows). */
export function LabelledInput({
  id,
  label,
  ...input
}: { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const { t } = useI18n();
  return (
    <label className="flex flex-col gap-1 text-sm" htmlFor={id}>
      <span>{t(label)}</span>
      <input id={id} {...input} />
    </label>
  );
}
