import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import { useI18n } from '../../../lib/i18n';

/** A suspended or closed fund: why, and that it takes no donations. */
export function HoldNotice({ fund }: { fund: TFundPublic }) {
  const { t } = useI18n();
  if (!fund.hold) return null;
  return (
    <div role="status" className="alert alert-warning alert-soft">
      {/* One child: the alert lays its children out side by side, too narrow on a phone. */}
      <div className="flex flex-col gap-1">
        <strong>
          {fund.hold === 'closed'
            ? t('This fund has been closed by our team.')
            : t('This fund has been suspended by our team.')}
        </strong>
        {fund.holdReason && (
          <p>
            {t('Reason:')} <span className="whitespace-pre-line">{fund.holdReason}</span>
          </p>
        )}
        <p>{t('It does not take donations.')}</p>
        {fund.description === null && (
          <p>{t('Its story, pictures, supporters and updates are no longer shown.')}</p>
        )}
      </div>
    </div>
  );
}
