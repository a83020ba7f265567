import { useI18n } from '../../../lib/i18n';

/** The submit button of a sign-in page's form: disabled, and saying so, while it is sent. */
export function AuthSubmit({
  busy,
  label,
  busyLabel = label,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
}) {
  const { t } = useI18n();
  return (
    <button type="submit" className="btn btn-primary mt-2" disabled={busy}>
      {busy ? t(busyLabel) : t(label)}
    </button>
  );
}
