import { useQuery } from '@tanstack/react-query';
import type { Language } from '@easyfund/shared/i18n/languages';
import { formatTk } from '@easyfund/shared/format';
import { fundEventsQuery } from '../../../api/funds';
import { useI18n } from '../../../lib/i18n';

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

function show(key: string, value: unknown, lang: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key.endsWith('Poisha') && typeof value === 'number') return formatTk(value, lang);
  return String(value);
}

/** A fund's audit trail: who changed what and when, before → after. */
export function FundHistory({ fundId }: { fundId: string }) {
  const events = useQuery(fundEventsQuery(fundId));
  const { t, lang, dateTime } = useI18n();
  if (events.isPending) return <p role="status">{t('Loading the history…')}</p>;
  if (events.isError)
    return (
      <p role="alert" className="text-error">
        {t(events.error.message)}
      </p>
    );
  return (
    <ol className="flex flex-col gap-2">
      {events.data.items.map((e) => {
        const keys = Object.keys({ ...(e.before ?? {}), ...(e.after ?? {}) });
        return (
          <li key={e.id} className="rounded-box bg-base-200 p-3 text-sm">
            <p>
              <strong>{t(ACTIONS[e.action] ?? e.action)}</strong>{' '}
              {t('by {{name}} on {{date}}', {
                name: e.actor?.name ?? t('a removed user'),
                date: dateTime(e.createdAt),
              })}
            </p>
            {e.action === 'updated' && (
              <ul className="mt-1 list-disc pl-5">
                {keys.map((k) => (
                  <li key={k}>
                    {t(FIELD_LABELS[k] ?? k)}: {show(k, e.before?.[k], lang)} →{' '}
                    {show(k, e.after?.[k], lang)}
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
