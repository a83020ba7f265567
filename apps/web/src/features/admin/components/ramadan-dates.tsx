import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ZSetRamadanRequest, type TRamadan } from '@easyfund/shared/schemas/recurring';
import { ramadanHistoryQuery, ramadanQuery, useSetRamadan } from '../../../api/recurring';
import { FieldWithError } from '../../../components/field-with-error';
import { TitledSection } from '../../../components/titled-section';
import { useI18n } from '../../../lib/i18n';
import { useCheckedSave } from '../../../lib/use-checked-save';

const DATE_FIELDS = [
  { name: 'startsOn', label: 'First day of Ramadan' },
  { name: 'endsOn', label: 'Last day of Ramadan' },
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
  const id = useId();
  const save = useSetRamadan();
  const [startsOn, setStartsOn] = useState(now.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(now.endsOn ?? '');
  const { errors, saved, submit } = useCheckedSave(ZSetRamadanRequest, (body) =>
    save.mutateAsync(body),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit({ startsOn: startsOn || null, endsOn: endsOn || null });
  };

  const field = (
    name: 'startsOn' | 'endsOn',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <FieldWithError
      key={name}
      id={`${id}-${name}`}
      label={label}
      error={errors[name]}
      look="stacked"
    >
      {(aria) => (
        <input
          id={`${id}-${name}`}
          type="date"
          className="input input-bordered w-full"
          value={value}
          onChange={(e) => set(e.target.value)}
          {...aria}
        />
      )}
    </FieldWithError>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {DATE_FIELDS.map(({ name, label }) =>
          name === 'startsOn'
            ? field(name, label, startsOn, setStartsOn)
            : field(name, label, endsOn, setEndsOn),
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-error">
          {t(errors.form)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
          {t('Save dates')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={save.isPending || (!now.startsOn && !now.endsOn)}
          onClick={() => void submit({ startsOn: null, endsOn: null })}
        >
          {t('Clear dates')}
        </button>
        <p role="status" className="text-sm text-emerald-800">
          {saved && t('Saved')}
          {!saved && now.open && t('Daily giving is open today.')}
        </p>
      </div>
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
