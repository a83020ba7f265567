import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { srcsetFor } from '@easyfund/shared/images';
import { linkParts } from '@easyfund/shared/links';
import type { TFundUpdate } from '@easyfund/shared/schemas/updates';
import { fundUpdatesQuery, UPDATES_PAGE_SIZE } from '../../../api/updates';
import { StatusBadge } from '../../../components/status-badge';
import { useI18n } from '../../../lib/i18n';
import { useNow } from '../../../lib/now';

// Only the fund's organiser sees the form; it validates with zod, loaded with it.
const PostUpdateForm = lazy(() =>
  import('./post-update-form').then((m) => ({ default: m.PostUpdateForm })),
);

/** "Updates from the organiser", newest first, with the organiser's form to post one. */
export function FundUpdates({ fundId }: { fundId: string }) {
  const { t } = useI18n();
  const [pages, setPages] = useState(1);
  const first = useQuery(fundUpdatesQuery(fundId, 1));
  const canPost = first.data?.canPost ?? false;
  const total = first.data?.total ?? 0;

  return (
    <section className="mt-10" aria-labelledby="fund-updates">
      <h2 id="fund-updates" className="text-2xl font-bold">
        {t('Updates from the organiser')}
      </h2>
      {canPost && (
        <Suspense fallback={null}>
          <PostUpdateForm fundId={fundId} />
        </Suspense>
      )}
      {first.isPending ? (
        <p className="mt-3 text-base-content/80">{t('Loading updates…')}</p>
      ) : first.isError ? (
        <p className="mt-3 text-base-content/80">{t('The updates could not be loaded.')}</p>
      ) : total === 0 ? (
        <p className="mt-3 text-base-content/80">{t('No updates yet.')}</p>
      ) : (
        <>
          <ol className="mt-4 flex flex-col gap-4">
            {Array.from({ length: pages }, (_, i) => (
              <UpdatesPage key={i + 1} fundId={fundId} page={i + 1} />
            ))}
          </ol>
          {pages * UPDATES_PAGE_SIZE < total && (
            <button
              type="button"
              className="btn btn-outline btn-sm mt-4"
              onClick={() => setPages((p) => p + 1)}
            >
              {t('Show older updates')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function UpdatesPage({ fundId, page }: { fundId: string; page: number }) {
  const { data } = useQuery(fundUpdatesQuery(fundId, page));
  return (
    <>
      {data?.items.map((u) => (
        <UpdateItem key={u.id} update={u} />
      ))}
    </>
  );
}

function UpdateItem({ update }: { update: TFundUpdate }) {
  const { t, dateTime, relative } = useI18n();
  const now = useNow();
  return (
    <li className="rounded-box border border-base-200 bg-base-100 p-4 shadow-sm">
      <p className="text-sm text-base-content/80">
        <span className="font-semibold text-base-content">{update.authorName}</span> ·{' '}
        <time dateTime={update.createdAt} title={dateTime(update.createdAt)}>
          {relative(update.createdAt, now)}
        </time>
        {update.status !== 'approved' && (
          <>
            {' '}
            <StatusBadge status={update.status} />
          </>
        )}
      </p>
      {update.status === 'pending' && (
        <p className="mt-1 text-sm text-base-content/80">
          {t('Only you see it until an admin approves it; then donors who asked get it by e-mail.')}
        </p>
      )}
      {update.status === 'denied' && update.feedback && (
        <p className="mt-1 text-sm text-base-content/80">
          {t('Feedback: {{feedback}}', { feedback: update.feedback })}
        </p>
      )}
      <UpdateText text={update.body} />
      {update.image && (
        <img
          src={update.image}
          srcSet={srcsetFor(update.image)}
          sizes="(min-width: 768px) 600px, 100vw"
          alt={t('Photo with the update of {{date}}', { date: dateTime(update.createdAt) })}
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
          className="mt-3 h-auto max-h-96 w-full max-w-xl rounded-box object-cover"
        />
      )}
    </li>
  );
}

/**
 * An update's text; each web address in it is a link that shows the host it leads to
 * (`example.org/…`), never words or a long path that could hide it.
 */
function UpdateText({ text }: { text: string }) {
  return (
    <p className="mt-2 whitespace-pre-line break-words">
      {linkParts(text).map((part, i) =>
        'text' in part ? (
          part.text
        ) : (
          <a
            key={i}
            className="link"
            href={part.href}
            rel="nofollow ugc noopener noreferrer"
            target="_blank"
          >
            {part.label}
          </a>
        ),
      )}
    </p>
  );
}
