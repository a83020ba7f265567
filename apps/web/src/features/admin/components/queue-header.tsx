import { useI18n } from '../../../lib/i18n';

/**
 * The heading of an admin's queue with its count, and the buttons that switch between its
 * lists (open or resolved, waiting or decided). The texts come translated.
 */
export function QueueHeader<S extends string>({
  id,
  title,
  total,
  groupLabel,
  states,
  status,
  onStatus,
  labelOf,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** How many the list holds, once loaded. */
  total: number | undefined;
  groupLabel: string;
  states: readonly S[];
  status: S;
  onStatus: (status: S) => void;
  labelOf: (status: S) => string;
}) {
  const { number } = useI18n();
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title} {total !== undefined ? `(${number(total)})` : ''}
      </h2>
      <div className="join" role="group" aria-label={groupLabel}>
        {states.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            className={`btn join-item btn-sm ${status === s ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => onStatus(s)}
          >
            {labelOf(s)}
          </button>
        ))}
      </div>
    </div>
  );
}
