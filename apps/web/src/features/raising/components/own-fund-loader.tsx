import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/link';
import { useSearchParams } from '../../../lib/router';
import type { TOwnFund } from '@easyfund/shared/schemas/funds';
import { myFundQuery } from '../../../api/funds';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { paths } from '../../../lib/paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Missing({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="alert alert-warning mx-auto max-w-xl">
      <span>
        {t(text)}{' '}
        <Link to={paths.raisedFund} className="link">
          {t('Back to My Raised Fund')}
        </Link>
      </span>
    </div>
  );
}

/** Loads the own fund named by `?id=` and renders its page, or says why it cannot. */
export function OwnFundLoader({ children }: { children: (fund: TOwnFund) => ReactNode }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = UUID.test(id);
  const fund = useQuery({ ...myFundQuery(id), enabled: valid });
  if (!valid) return <Missing text="Choose one of your funds first." />;
  if (fund.isPending) return <PageLoader />;
  if (fund.isError) {
    const notFound = fund.error instanceof ApiError && fund.error.status === 404;
    return <Missing text={notFound ? 'This fund is not one of yours.' : messageOf(fund.error)} />;
  }
  return <>{children(fund.data)}</>;
}
