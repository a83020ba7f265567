import { useState } from 'react';
import { DECISION_STATUSES, type DecisionStatus } from '@easyfund/shared/constants';
import { useI18n } from '../../../lib/i18n';
import { usePageParam } from '../../../lib/use-page-param';

/**
 * Which list of a queue is shown, and its page (kept in the address as `pageParam`):
 * another list starts at its first page.
 */
export function useQueueList<S extends string>(first: S, pageParam: string) {
  const [status, setStatus] = useState<S>(first);
  const [page, setPage] = usePageParam(pageParam);
  const showList = (next: S) => {
    setStatus(next);
    setPage(1);
  };
  return { status, page, setPage, showList };
}

/**
 * The heading of an admin's queue with its count, and the buttons that switch between its
 * lists (open or resolved, waiting or decided). The texts come translated.
 */
interface QueueHeaderProps<S extends string> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** How many the list holds, once loaded. */
  total: number | undefined;
  /** The count stopped at `total`: more are listed ("10,000+"). */
  capped?: boolean;
  groupLabel: string;
  states: readonly S[];
  status: S;
  onStatus: (status: S) => void;
  labelOf: (status: S) => string;
}

export function QueueHeader<S extends string>({
  id,
  title,
  total,
  capped,
  groupLabel,
  states,
  status,
  onStatus,
  labelOf,
}: QueueHeaderProps<S>) {
  const { number } = useI18n();
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title} {total !== undefined ? `(${number(total, capped)})` : ''}
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

/** The header of a queue of decisions: waiting, approved or denied. */
export function DecisionQueueHeader(
  props: Omit<QueueHeaderProps<DecisionStatus>, 'states' | 'labelOf'>,
) {
  const { t } = useI18n();
  return (
    <QueueHeader
      {...props}
      states={DECISION_STATUSES}
      labelOf={(s) =>
        s === 'pending' ? t('Waiting') : s === 'approved' ? t('Approved') : t('Denied')
      }
    />
  );
}
