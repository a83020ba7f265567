import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '../../../lib/link';
import { useParams, useSearchParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { fundQuery } from '../../../api/funds';
import { paymentConfigQuery } from '../../../api/payment-config';
import { myUnsettledQuery } from '../../../api/payments';
import { ramadanQuery } from '../../../api/recurring';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/title';
import { initialAmountTk } from '../amount';
import { loadGift, saveGift } from '../chosen-gift';
import { FundSummary } from '../components/fund-summary';
import { GatewayCardForm } from '../components/gateway-card-form';
import { type Giving, GivingOptions, NO_GIVING_OPTIONS } from '../components/giving-options';
import { MobileWallets } from '../components/mobile-wallets';
import { type Frequency, FrequencyChoice } from '../components/frequency-choice';
import { MonthlyGiftForm } from '../components/monthly-gift-form';
import { PendingWarning } from '../components/pending-warning';
import { TestCardForm } from '../components/test-card-form';
import { useCheckoutFlow } from '../use-checkout-flow';
import { UpdatesOptIn } from '../components/updates-opt-in';
import { usePaymentFlow } from '../use-payment-flow';

// Stripe.js is loaded only on this page, and only when Stripe is the provider.
const StripeCardForm = lazy(() => import('../components/stripe-card-form'));
const StripeMonthlyGift = lazy(() => import('../components/stripe-monthly-gift'));

export function PaymentPage() {
  usePageTitle(PAGE_TITLES.payment);
  const { fundId = '' } = useParams();
  const [params] = useSearchParams();
  const fund = useQuery(fundQuery(fundId));
  const config = useQuery(paymentConfigQuery);
  const ramadan = useQuery(ramadanQuery);
  const [frequency, setFrequency] = useState<Frequency>('once');
  const monthly = frequency !== 'once';
  // The gift chosen before a sign-in or a payment that did not go through (chosen-gift.ts).
  const [saved] = useState(() => loadGift(fundId));
  const [chosen, setGiving] = useState<Giving>(() => saved?.giving ?? NO_GIVING_OPTIONS);
  useEffect(() => saveGift(fundId, { giving: chosen }), [fundId, chosen]);
  // A gift from the Zakat calculator, or to a Zakat-eligible fund, starts marked as Zakat;
  // the donor may untick it.
  const zakatPreset = params.get('zakat') === '1' || fund.data?.zakatEligible === true;
  const giving = { ...chosen, zakat: chosen.zakat ?? zakatPreset };
  const flow = usePaymentFlow(fundId, giving);
  const checkout = useCheckoutFlow(fundId, params.get('payment'), giving);
  const unsettled = useQuery({ ...myUnsettledQuery(fundId), enabled: fund.isSuccess });
  const { t } = useI18n();

  if (fund.isPending || config.isPending) return <PageLoader label="Loading the payment page" />;
  if (fund.isError || config.isError) {
    const notFound = fund.error instanceof ApiError && fund.error.status === 404;
    return (
      <Unavailable
        text={
          notFound
            ? 'This fund does not exist or is not open for donations.'
            : 'We could not load the payment page. Please try again in a moment.'
        }
      />
    );
  }
  if (fund.data.status !== 'approved' || fund.data.hold) {
    return <Unavailable text="This fund is not open for donations." />;
  }

  const amount = initialAmountTk(
    params.get('amount') ?? (saved?.amountTk ? String(saved.amountTk) : null),
    fund.data.suggestedPoisha,
  );
  const formProps = {
    initialAmountTk: amount,
    busy: flow.busy,
    error: flow.error,
    billing: flow.billing,
    onPay: (...args: Parameters<typeof flow.pay>) => {
      saveGift(fundId, { amountTk: args[0], method: 'card' });
      return flow.pay(...args);
    },
  };
  const payByCheckout: typeof checkout.pay = (method, amountTk) => {
    saveGift(fundId, { amountTk, method });
    return checkout.pay(method, amountTk);
  };

  return (
    <section className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-3xl font-bold">{t(PAGE_TITLES.payment)}</h1>
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <FundSummary fund={fund.data} />
        <div className="card border border-base-200 bg-base-100 shadow-sm">
          <div className="card-body gap-5">
            {config.data.testMode && (
              <p role="note" className="rounded-box bg-warning/30 p-3 text-sm font-medium">
                {t(
                  'Test mode: no money moves. bKash, Nagad and Rocket open a test checkout (wallet number 01700000000, OTP 123456); cards take 4242 4242 4242 4242.',
                )}
              </p>
            )}
            <FrequencyChoice
              value={frequency}
              onChange={setFrequency}
              ramadan={ramadan.data?.open === true}
            />
            <PendingWarning payments={unsettled.data?.items ?? []} />
            {/* The donor's choices come before the method and hold for every method. */}
            <GivingOptions
              value={giving}
              onChange={setGiving}
              disabled={flow.busy || checkout.busy}
            />
            <UpdatesOptIn
              checked={giving.updatesOptIn}
              onChange={(updatesOptIn) => setGiving({ ...giving, updatesOptIn })}
            />
            <div className="divider my-0" />
            {monthly ? (
              config.data.provider === 'stripe' && config.data.publishableKey ? (
                <Suspense fallback={<PageLoader label="Loading the card field" />}>
                  <StripeMonthlyGift
                    key={frequency}
                    publishableKey={config.data.publishableKey}
                    fundId={fundId}
                    frequency={frequency === 'daily' ? 'daily' : 'monthly'}
                    initialAmountTk={amount}
                    anonymous={giving.anonymous}
                    billing={flow.billing}
                    cards
                  />
                </Suspense>
              ) : (
                <MonthlyGiftForm
                  key={frequency}
                  fundId={fundId}
                  frequency={frequency === 'daily' ? 'daily' : 'monthly'}
                  initialAmountTk={amount}
                  anonymous={giving.anonymous}
                  billing={flow.billing}
                  cards={config.data.provider === 'test'}
                />
              )
            ) : (
              <>
                <section aria-labelledby="pay-mobile">
                  <h2 id="pay-mobile" className="mb-2 text-lg font-semibold">
                    {t('Mobile payment')}
                  </h2>
                  <MobileWallets
                    initialAmountTk={amount}
                    methods={config.data.checkoutMethods}
                    busy={checkout.busy}
                    error={checkout.errorFor('wallets')}
                    onPay={payByCheckout}
                  />
                </section>
                <div className="divider my-0" />
                <section aria-labelledby="pay-other">
                  <h2 id="pay-other" className="mb-3 text-lg font-semibold">
                    {t('Other Payment Option')}
                  </h2>
                  <p className="mb-3 text-sm text-base-content/80">
                    {t('Billing:')}{' '}
                    <span className="font-medium text-base-content">{flow.billing.name}</span> (
                    <span className="font-medium text-base-content">{flow.billing.email}</span>)
                  </p>
                  {config.data.provider === 'sslcommerz' ? (
                    <GatewayCardForm
                      initialAmountTk={amount}
                      busy={checkout.busy}
                      error={checkout.errorFor('card')}
                      onPay={payByCheckout}
                    />
                  ) : config.data.provider === 'stripe' && config.data.publishableKey ? (
                    <Suspense fallback={<PageLoader label="Loading the card field" />}>
                      <StripeCardForm publishableKey={config.data.publishableKey} {...formProps} />
                    </Suspense>
                  ) : (
                    <TestCardForm {...formProps} />
                  )}
                </section>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function Unavailable({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{t(PAGE_TITLES.payment)}</h1>
      <p role="alert" className="text-base-content/80">
        {t(text)}
      </p>
      <div className="flex gap-3">
        <Link to={paths.selectedDonation} className="btn btn-outline">
          {t('Selected donations')}
        </Link>
        <Link to={paths.donateNow()} className="btn btn-primary">
          {t('See all funds')}
        </Link>
      </div>
    </section>
  );
}
