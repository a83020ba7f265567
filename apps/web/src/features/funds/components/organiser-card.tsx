import { useQuery } from '@tanstack/react-query';
import { organiserQuery } from '../../../api/organisers';
import { Avatar } from '../../../components/avatar';
import { useI18n } from '../../../lib/i18n';
import { ReportFund } from './report-fund';

/**
 * Who organises the fund: photo, name, the verified badge, member since, their funds and
 * what those raised; and "Report this fund".
 */
export function OrganiserCard({ fundId }: { fundId: string }) {
  const { t, tk, number, date } = useI18n();
  const organiser = useQuery(organiserQuery(fundId));
  return (
    <section
      aria-labelledby="organiser-title"
      className="rounded-box border border-base-200 bg-base-100 p-5 shadow-sm"
    >
      <h2 id="organiser-title" className="mb-3 text-lg font-bold">
        {t('Organiser')}
      </h2>
      {organiser.data ? (
        <div className="flex items-start gap-4">
          <Avatar src={organiser.data.image} name={organiser.data.name} size={56} />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-semibold">{organiser.data.name}</p>
            {organiser.data.verified && (
              <span className="badge gap-1 border-emerald-700 bg-emerald-50 text-emerald-900">
                <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" aria-hidden="true">
                  <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
                </svg>
                {t('Verified fund raiser')}
              </span>
            )}
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-base-content/80">
              <dt>{t('Member since')}</dt>
              <dd>{date(organiser.data.memberSince)}</dd>
              <dt>{t('Funds')}</dt>
              <dd>{number(organiser.data.fundCount)}</dd>
              <dt>{t('Total raised')}</dt>
              <dd>{tk(organiser.data.totalRaisedPoisha)}</dd>
            </dl>
          </div>
        </div>
      ) : organiser.isError ? (
        <p className="text-sm text-base-content/80">{t('We could not load the organiser.')}</p>
      ) : (
        <div className="flex items-center gap-4" aria-busy="true">
          <div className="skeleton h-14 w-14 shrink-0 rounded-full" />
          <div className="skeleton h-16 w-full" />
        </div>
      )}
      <div className="mt-4 border-t border-base-200 pt-3">
        <ReportFund fundId={fundId} />
      </div>
    </section>
  );
}
