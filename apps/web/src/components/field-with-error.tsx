import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/** The two looks of an admin's small forms. */
const LOOKS = {
  /** The label right above the control (Ramadan dates). */
  stacked: {
    box: 'flex flex-col gap-1',
    label: 'text-sm font-medium',
    error: 'text-sm text-error',
  },
  /** daisyUI's label spacing (Zakat prices, a fund's Zakat note). */
  spaced: {
    box: undefined,
    label: 'label pb-1 text-sm font-medium text-base-content',
    error: 'mt-1 text-sm text-error',
  },
} as const;

/**
 * A label, its control (`id`) and the control's error (`${id}-error`, announced), for forms
 * that keep their own state; the control gets aria-invalid and aria-describedby.
 */
export function FieldWithError({
  id,
  label,
  error,
  look,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  look: keyof typeof LOOKS;
  children: (aria: {
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const { t } = useI18n();
  const classes = LOOKS[look];
  return (
    <div className={classes.box}>
      <label htmlFor={id} className={classes.label}>
        {t(label)}
      </label>
      {children({
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error && (
        <p id={`${id}-error`} role="alert" className={classes.error}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
