import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/** daisyUI's form control: a small label text above its control, the label holding both. */
export function FormControlLabel({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <label className="form-control">
      <span className="label-text">{t(label)}</span>
      {children}
    </label>
  );
}
