import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSupporter, WallView } from '@easyfund/shared/schemas/supporters';
import { supportersQuery, useHideMessage } from '../../../api/supporters';
import { ActionButton } from '../../../components/action-button';
import { useI18n } from '../../../lib/i18n';
import { useNow } from '../../../lib/now';

const VIEWS: { id: WallView; label: string }[] = [
  { id: 'recent', label: 'Recent donations' },
  { id: 'top', label: 'Top donations' },
  { id: 'messages', label: 'Words of support' },
];

/** The view the wall opens with. */
export const FIRST_WALL_VIEW: WallView = 'recent';

/**
 * The donor wall: recent donations, top donations and words of support, a page at a
 * time. Names are shortened (or "Anonymous") by the server; the raiser and admins may
 * hide a message.
 */
export function DonorWall({ fundId }: { fundId: string }) {
  const { t } = useI18n();
  const [view, setView] = useState<WallView>(FIRST_WALL_VIEW);
  const [page, setPage] = useState(1);
  const wall = useQuery(supportersQuery(fundId, view, page));
  const choose = (next: WallView) => {
    setView(next);
    setPage(1);
  };

  return (
    <section aria-labelledby="donor-wall">
      <h2 id="donor-wall" className="text-2xl font-bold">
        {t('Donors and words of support')}
      </h2>
      <div className="my-4 flex flex-wrap gap-2" role="group" aria-label={t('Show')}>
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            aria-pressed={view === v.id}
            className={`btn btn-sm ${view === v.id ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => choose(v.id)}
          >
            {t(v.label)}
          </button>
        ))}
      </div>
      {wall.isError ? (
        <p role="alert" className="text-base-content/80">
          {t('We could not load the donors. Please try again in a moment.')}
        </p>
      ) : !wall.data ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <div className="skeleton h-12 w-full" />
          <div className="skeleton h-12 w-full" />
        </div>
      ) : wall.data.items.length === 0 ? (
        <p className="rounded-box bg-base-200/60 p-4 text-base-content/80">
          {view === 'messages'
            ? t('No words of support yet.')
            : t('No donations yet. Be the first to give.')}
        </p>
      ) : (
        <ul
          className={`flex flex-col divide-y divide-base-200 rounded-box border border-base-200 ${wall.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={wall.isPlaceholderData}
        >
          {wall.data.items.map((s) => (
            <SupporterRow
              key={s.id}
              fundId={fundId}
              supporter={s}
              canModerate={wall.data.canModerate}
            />
          ))}
        </ul>
      )}
      {wall.data && (page > 1 || wall.data.hasMore) && (
        <nav aria-label={t('Donor wall pages')} className="mt-3 flex justify-center gap-3">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={page === 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            {t('Newer')}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={!wall.data.hasMore}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('More')}
          </button>
        </nav>
      )}
    </section>
  );
}

function SupporterRow({
  fundId,
  supporter: s,
  canModerate,
}: {
  fundId: string;
  supporter: TSupporter;
  canModerate: boolean;
}) {
  const { t, tk, relative, dateTime } = useI18n();
  const now = useNow();
  const hide = useHideMessage(fundId);
  const name = s.name === 'Anonymous' && s.anonymous && !s.mine ? t('Anonymous') : s.name;
  return (
    <li className="flex flex-col gap-1 p-3" data-testid="supporter">
      <p className="text-sm">
        <span className="font-semibold">{name}</span>
        {s.mine && <span className="text-base-content/75"> ({t('you')})</span>}
        {s.anonymous && (s.mine || name !== t('Anonymous')) && (
          <span className="badge badge-ghost badge-sm ml-2">
            {t('shown to others as Anonymous')}
          </span>
        )}
        {' · '}
        <span className="font-medium text-emerald-800">{tk(s.amountPoisha)}</span>
        {' · '}
        <time dateTime={s.donatedAt} title={dateTime(s.donatedAt)} className="text-base-content/75">
          {relative(s.donatedAt, now)}
        </time>
      </p>
      {s.message && (
        <blockquote
          className={`whitespace-pre-line border-l-4 border-primary/40 pl-3 text-base-content/90 ${s.messageHidden ? 'opacity-60' : ''}`}
        >
          {s.message}
        </blockquote>
      )}
      {canModerate && s.message && (
        <div className="flex items-center gap-2">
          {s.messageHidden && (
            <span className="badge badge-sm border-amber-700 bg-amber-50 text-amber-900">
              {t('Hidden from the wall')}
            </span>
          )}
          <ActionButton
            className="btn btn-ghost btn-xs"
            busy={hide.isPending}
            onClick={() => hide.mutate({ donationId: s.id, hidden: !s.messageHidden })}
          >
            {s.messageHidden ? t('Show message') : t('Hide message')}
          </ActionButton>
        </div>
      )}
    </li>
  );
}
