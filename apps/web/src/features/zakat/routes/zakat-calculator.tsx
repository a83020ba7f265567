import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from '../../../lib/link';
import { MAX_DONATION_TK } from '@easyfund/shared/constants';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import {
  calculateZakat,
  type NisabBasis,
  NISAB_GOLD_GRAMS,
  NISAB_SILVER_GRAMS,
  ZAKAT_RATE_PERCENT,
} from '@easyfund/shared/zakat';
import { useSession } from '../../../api/session';
import { zakatSettingsQuery } from '../../../api/zakat';
import { InputWithError } from '../../../components/input-with-error';
import { PageLoader } from '../../../components/page-loader';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';
import { DonateZakat } from '../components/donate-zakat';
import { ZakatPricesForm } from '../components/zakat-prices-form';
import { asciiDigits } from '@easyfund/shared/digits';

const ASSETS = [
  'Cash at home and in bank accounts',
  'Gold and silver (today’s value)',
  'Savings, shares and other investments',
  'Goods held for business',
  'Money others owe you and will repay',
] as const;

/** Whole taka from a field ('' or nonsense counts as 0). */
function tkOf(value: string): number {
  const n = Number(asciiDigits(value).replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The Zakat calculator: assets minus debts, the nisab from today's prices, 2.5%. */
/** What the nisab is measured in (silver first: the lower threshold). */
const NISAB_BASES = ['silver', 'gold'] as const;

export function ZakatCalculatorPage() {
  usePageTitle(PAGE_TITLES.zakatCalculator);
  const { t, tk, date, number } = useI18n();
  const id = useId();
  const { user } = useSession();
  const settings = useQuery(zakatSettingsQuery);
  const [assets, setAssets] = useState<string[]>(ASSETS.map(() => ''));
  const [debts, setDebts] = useState('');
  const [basis, setBasis] = useState<NisabBasis>('silver');

  if (settings.isPending) return <PageLoader label={t('Loading the Zakat calculator')} />;
  const prices = settings.data ?? { goldPoishaPerGram: 0, silverPoishaPerGram: 0, updatedAt: null };
  const priced = prices.goldPoishaPerGram > 0 && prices.silverPoishaPerGram > 0;
  const result = calculateZakat(
    {
      assetsPoisha: assets.reduce((sum, a) => sum + tkOf(a), 0) * 100,
      debtsPoisha: tkOf(debts) * 100,
      basis,
    },
    prices,
  );
  const zakatTk = result.zakatPoisha / 100;

  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-extrabold md:text-4xl">{t(PAGE_TITLES.zakatCalculator)}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-base-content/80">
          {t(
            'Zakat is {{rate}}% of the wealth you have held for a lunar year, once it reaches the nisab. Add what you own, take away what you owe now, and give your Zakat to a fund our team found Zakat-eligible.',
            { rate: number(ZAKAT_RATE_PERCENT) },
          )}
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-2">
        <form
          className="flex flex-col gap-4 rounded-box bg-base-200/60 p-5"
          aria-labelledby={`${id}-what`}
          onSubmit={(e) => e.preventDefault()}
        >
          <h2 id={`${id}-what`} className="text-xl font-bold">
            {t('What you own and owe (Tk)')}
          </h2>
          {ASSETS.map((label, i) => (
            <TkField
              key={label}
              id={`${id}-a${i}`}
              label={label}
              value={assets[i] ?? ''}
              onChange={(value) => setAssets((all) => all.map((v, j) => (j === i ? value : v)))}
            />
          ))}
          <TkField
            id={`${id}-debts`}
            label="Debts and bills due now"
            value={debts}
            onChange={setDebts}
          />
          <fieldset>
            <legend className="mb-1 text-sm font-medium">{t('Nisab measured in')}</legend>
            <div className="flex flex-wrap gap-4">
              {NISAB_BASES.map((b) => (
                <label key={b} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="basis"
                    className="radio radio-sm radio-primary"
                    checked={basis === b}
                    onChange={() => setBasis(b)}
                  />
                  <span className="text-sm">
                    {b === 'silver'
                      ? t('Silver ({{grams}} g)', { grams: number(NISAB_SILVER_GRAMS) })
                      : t('Gold ({{grams}} g)', { grams: number(NISAB_GOLD_GRAMS) })}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </form>

        <div className="flex flex-col gap-4">
          <div
            className="rounded-box border border-base-200 bg-base-100 p-5 shadow-sm"
            aria-live="polite"
          >
            <h2 className="text-xl font-bold">{t('Your Zakat')}</h2>
            {priced ? (
              <>
                <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
                  <dt>{t('Zakatable wealth')}</dt>
                  <dd className="text-right font-medium">{tk(result.netPoisha)}</dd>
                  <dt>{t('Nisab')}</dt>
                  <dd className="text-right font-medium">{tk(result.nisabPoisha)}</dd>
                  <dt className="text-base font-semibold">{t('Zakat due')}</dt>
                  <dd className="text-right text-2xl font-extrabold text-emerald-800">
                    {tk(result.zakatPoisha)}
                  </dd>
                </dl>
                {!result.due && result.netPoisha > 0 && (
                  <p className="mt-2 text-sm text-base-content/80">
                    {t('Your wealth is below the nisab: no Zakat is due.')}
                  </p>
                )}
                <p className="mt-3 text-xs text-base-content/80">
                  {t('Prices per gram: gold {{gold}}, silver {{silver}} (updated {{date}}).', {
                    gold: tk(prices.goldPoishaPerGram),
                    silver: tk(prices.silverPoishaPerGram),
                    date: prices.updatedAt ? date(prices.updatedAt) : '',
                  })}
                </p>
              </>
            ) : (
              <p className="mt-2 text-sm">
                {t('The gold and silver prices are not set yet; please come back soon.')}
              </p>
            )}
          </div>
          {result.due && <DonateZakat zakatTk={Math.min(zakatTk, MAX_DONATION_TK)} />}
          <p className="text-sm text-base-content/80">
            {t('See every Zakat-eligible fund:')}{' '}
            <Link className="link" to={paths.donateNow({ zakat: true })}>
              {t('Zakat-eligible funds')}
            </Link>
          </p>
          {user?.role === 'admin' && <ZakatPricesForm settings={prices} />}
        </div>
      </div>
    </section>
  );
}

/** An amount in whole Tk as typed (digits of any script; tkOf reads it). */
function TkField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <InputWithError {...props} error={undefined} look="spaced" type="text" inputMode="numeric" />
  );
}
