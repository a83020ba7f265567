import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ZSetSmsCeilingRequest } from '@easyfund/shared/schemas/sms';
import { smsCostsQuery, useSetSmsCeiling } from '../../../api/sms';
import { FormControlLabel } from '../../../components/form-control-label';
import { QueryState } from '../../../components/query-state';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';

/**
 * Today's SMS (count and cost) against the daily ceiling, the form that sets the ceiling,
 * and who changed it when. An SMS costs money: the ceiling stops a flood of codes (SMS
 * pumping) from costing more than a day's budget.
 */
export function SmsCosts() {
  const { t, tk, number, digits, dateTime } = useI18n();
  const id = useId();
  const costs = useQuery(smsCostsQuery);
  const save = useSetSmsCeiling();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (current: number) => {
    const parsed = ZSetSmsCeilingRequest.safeParse({ ceilingTk: typed ?? String(current) });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    save.mutate(parsed.data.ceilingTk, { onSuccess: () => setTyped(null) });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-10">
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-semibold">
        {t('Text messages (SMS)')}
      </h2>
      <QueryState query={costs} onRetry={() => void costs.refetch()}>
        {(data) => (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="rounded-box border-base-300 border p-4">
                <p className="text-sm">{t('Sent today')}</p>
                <p className="text-2xl font-bold">{number(data.messages)}</p>
                <p className="text-sm">{t('{{n}} segments', { n: number(data.segments) })}</p>
              </div>
              <div className="rounded-box border-base-300 border p-4">
                <p className="text-sm">{t('Cost today')}</p>
                <p className="text-2xl font-bold">{tk(data.costPoisha)}</p>
                <p className="text-sm">
                  {t('of {{ceiling}} a day', { ceiling: tk(data.ceilingTk * 100) })}
                </p>
                <progress
                  className="progress progress-primary w-full"
                  value={data.costPoisha}
                  max={Math.max(data.ceilingTk * 100, 1)}
                  aria-label={t('Cost today')}
                />
              </div>
              <div className="rounded-box border-base-300 border p-4">
                <p className="text-sm">{t('Not sent: ceiling reached')}</p>
                <p className="text-2xl font-bold">{number(data.refused)}</p>
                <p className="text-sm">
                  {t('{{cost}} a segment', { cost: tk(data.segmentCostPoisha) })}
                </p>
              </div>
            </div>
            <form
              className="mt-4 flex flex-wrap items-end gap-3"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit(data.ceilingTk);
              }}
            >
              <FormControlLabel label="Daily ceiling (Tk)">
                <input
                  type="text"
                  inputMode="numeric"
                  className="input input-bordered"
                  value={typed ?? digits(data.ceilingTk)}
                  onChange={(e) => setTyped(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
                />
              </FormControlLabel>
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {t('Save ceiling')}
              </button>
              <p id={`${id}-help`} className="w-full text-sm">
                {t('Without a ceiling set here: {{tk}} (SMS_DAILY_CEILING_TK).', {
                  tk: tk(data.defaultCeilingTk * 100),
                })}
              </p>
              {(error ?? save.error) && (
                <p id={`${id}-error`} role="alert" className="w-full text-sm text-error">
                  {error ?? messageOf(save.error)}
                </p>
              )}
            </form>
            {data.changes.length > 0 && (
              <div className="mt-4 overflow-x-auto">
                <table className="table-sm table">
                  <caption className="text-left font-medium">{t('Changes of the ceiling')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('When')}</th>
                      <th scope="col">{t('By')}</th>
                      <th scope="col">{t('Before')}</th>
                      <th scope="col">{t('After')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.changes.map((c) => (
                      <tr key={c.at}>
                        <td>{dateTime(c.at)}</td>
                        <td>{c.by ?? t('Former admin')}</td>
                        <td>{tk(c.previousTk * 100)}</td>
                        <td>{tk(c.ceilingTk * 100)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
