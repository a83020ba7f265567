import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ZSetRamadanRequest, type TRamadan } from '@easyfund/shared/schemas/recurring';
import { ramadanHistoryQuery, ramadanQuery, useSetRamadan } from '../../../api/recurring';
import { InputsWithErrors } from '../../../components/input-with-error';
import { SaveRow } from '../../../components/save-row';
import { TitledSection } from '../../../components/titled-section';
import { useI18n } from '../../../lib/i18n';
import { useCheckedSave } from '../../../lib/use-checked-save';

const DATE_FIELDS = [
  { name: 'startsOn', label: 'First day of Ramadan', type: 'date' },
  { name: 'endsOn', label: 'Last day of Ramadan', type: 'date' },
] as const;

/**
 * The Ramadan dates an admin sets: during them the pay step offers "Give every day of
 * Ramadan". Each change is kept with who made it, listed below.
 */
export function RamadanDates() {
  const { t } = useI18n();
  const current = useQuery(ramadanQuery);
  return (
    <TitledSection
      id="ramadan-heading"
      className="mt-10 rounded-box bg-base-100 p-5 shadow"
      title={t('Ramadan daily giving')}
      intro={t(
        'During these days (Dhaka time, both included) donors may give every day of Ramadan.',
      )}
    >
      {current.data && (
        <DatesForm key={`${current.data.startsOn}-${current.data.endsOn}`} now={current.data} />
      )}
      <History />
    </TitledSection>
  );
}

function DatesForm({ now }: { now: TRamadan }) {
  const { t } = useI18n();
  const save = useSetRamadan();
  const dates = useState({ startsOn: now.startsOn ?? '', endsOn: now.endsOn ?? '' });
  const [{ startsOn, endsOn }] = dates;
  const { errors, saved, submit } = useCheckedSave(ZSetRamadanRequest, (body) =>
    save.mutateAsync(body),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit({ startsOn: startsOn || null, endsOn: endsOn || null });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <InputsWithErrors fields={DATE_FIELDS} state={dates} errors={errors} look="stacked" />
      </div>
      <SaveRow
        label="Save dates"
        pending={save.isPending}
        saved={saved}
        formError={errors.form}
        note={now.open && t('Daily giving is open today.')}
        wrap
      >
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={save.isPending || (!now.startsOn && !now.endsOn)}
          onClick={() => void submit({ startsOn: null, endsOn: null })}
        >
          {t('Clear dates')}
        </button>
      </SaveRow>
    </form>
  );
}

function History() {
  const { t, date, dateTime } = useI18n();
  const history = useQuery(ramadanHistoryQuery);
  const items = history.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer">{t('Changes of the dates')}</summary>
      <ul className="mt-2 flex flex-col gap-1">
        {items.map((h) => (
          <li key={h.setAt}>
            {dateTime(h.setAt)} — {h.setBy ?? '—'}:{' '}
            {h.startsOn && h.endsOn
              ? t('{{from}} to {{to}}', { from: date(h.startsOn), to: date(h.endsOn) })
              : t('cleared')}
          </li>
        ))}
      </ul>
    </details>
  );
}
