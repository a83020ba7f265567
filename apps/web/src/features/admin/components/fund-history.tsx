import { useQuery } from '@tanstack/react-query';
import { formatTk } from '@easyfund/shared/money';
import { fundEventsQuery } from '../../../api/funds';

const ACTIONS: Record<string, string> = {
  created: 'Requested',
  updated: 'Changed',
  approved: 'Approved',
  denied: 'Denied',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Event Name',
  image: 'Image',
  description: 'Description',
  cause: 'Cause',
  goalPoisha: 'Goal',
  suggestedPoisha: 'Suggested amount',
  status: 'Status',
  feedback: 'Feedback',
};

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key.endsWith('Poisha') && typeof value === 'number') return formatTk(value);
  return String(value);
}

/** A fund's audit trail: who changed what and when, before → after. */
export function FundHistory({ fundId }: { fundId: string }) {
  const events = useQuery(fundEventsQuery(fundId));
  if (events.isPending) return <p role="status">Loading the history…</p>;
  if (events.isError)
    return (
      <p role="alert" className="text-error">
        {events.error.message}
      </p>
    );
  return (
    <ol className="flex flex-col gap-2">
      {events.data.items.map((e) => {
        const keys = Object.keys({ ...(e.before ?? {}), ...(e.after ?? {}) });
        return (
          <li key={e.id} className="rounded-box bg-base-200 p-3 text-sm">
            <p>
              <strong>{ACTIONS[e.action] ?? e.action}</strong> by{' '}
              {e.actor?.name ?? 'a removed user'} on {new Date(e.createdAt).toLocaleString()}
            </p>
            {e.action === 'updated' && (
              <ul className="mt-1 list-disc pl-5">
                {keys.map((k) => (
                  <li key={k}>
                    {FIELD_LABELS[k] ?? k}: {show(k, e.before?.[k])} → {show(k, e.after?.[k])}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
