import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';

/**
 * The page of an SMS's short link (a receipt, a fund's news, a decision): what the link
 * stands for, and STOP for that kind of SMS. No sign-in: the link is the key. Opening it
 * changes nothing; the button does. The texts come translated from the page.
 */
export function SmsLinkPage<T extends { stopped: boolean }>({
  title,
  info,
  stop,
  content,
  stoppedText,
  stopLabel,
}: {
  title: string;
  info: UseQueryResult<T>;
  stop: { isPending: boolean; isError: boolean; mutate: () => void };
  /** What the link stands for, and its button or link. */
  content: (data: T) => ReactNode;
  /** Said once that kind of SMS is stopped. */
  stoppedText: (data: T) => string;
  stopLabel: (data: T) => string;
}) {
  const { t } = useI18n();
  if (info.isPending) return <PageLoader label={t('Loading')} />;
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {info.isError ? (
        <p role="alert">{t('This link is not valid or has expired.')}</p>
      ) : (
        <>
          {content(info.data)}
          {info.data.stopped ? (
            <p role="status">{stoppedText(info.data)}</p>
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              {stopLabel(info.data)}
            </button>
          )}
          {stop.isError && <p role="alert">{t('Something went wrong!')}</p>}
        </>
      )}
    </section>
  );
}
