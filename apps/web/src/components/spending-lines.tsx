import { useI18n } from '../lib/i18n';

/** A spending report's lines, each with its amount, and their total. */
export function SpendingLines({
  lines,
  totalPoisha,
  className,
  caption,
}: {
  lines: { label: string; amountPoisha: number }[];
  totalPoisha: number;
  className: string;
  /** A name for screen readers, if the table needs one. */
  caption?: string;
}) {
  const { t, tk } = useI18n();
  return (
    <table className={className}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td className="break-words">{line.label}</td>
            <td className="text-right whitespace-nowrap">{tk(line.amountPoisha)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th>{t('Total')}</th>
          <th className="text-right whitespace-nowrap">{tk(totalPoisha)}</th>
        </tr>
      </tfoot>
    </table>
  );
}
