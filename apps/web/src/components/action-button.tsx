import type { ButtonHTMLAttributes } from 'react';

/**
 * A button that starts an action (never a form's submit): disabled while that action runs
 * (`busy`), so a second click cannot send it twice. Other attributes go to the button.
 */
export function ActionButton({
  busy,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> & { busy: boolean }) {
  return <button type="button" {...button} disabled={busy} />;
}
