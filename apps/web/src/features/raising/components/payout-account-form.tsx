import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import type { PayoutMethod } from '@easyfund/shared/constants';
import {
  type TPayoutAccountRequestInput,
  ZPayoutAccountRequest,
} from '@easyfund/shared/schemas/payouts';
import type { TMe } from '@easyfund/shared/schemas/common';
import { useAddPayoutAccount, useSendPayoutAccountCode } from '../../../api/payouts';
import { PayoutMethodOptions } from '../../../components/payout-method-options';
import { CardForm } from '../../../components/card-form';
import { SelectField } from '../../../components/select-field';
import { formFields, TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { popup } from '../../../lib/popups';
import { showSaveFailure } from '../../../lib/save-failure';
import { SendSmsCode } from '../../../components/send-sms-code';

const ACCOUNT_ADDED = 'Payout account added';

/** A wallet's kinds, as chosen. */
const WALLET_TYPES = [
  { value: 'personal', label: 'Personal' },
  { value: 'merchant', label: 'Merchant' },
] as const;

/** The field that confirms a new account: the code sent by SMS, or the password. */
const CONFIRM_FIELD = {
  code: { label: 'Code from the SMS', inputMode: 'numeric', autoComplete: 'one-time-code' },
  password: { label: 'Your password', type: 'password', autoComplete: 'current-password' },
} as const;

/** Every field of the three kinds; the schema keeps the chosen kind's. */
interface FormValues {
  kind: PayoutMethod;
  walletType: (typeof WALLET_TYPES)[number]['value'];
  number: string;
  accountName: string;
  bankName: string;
  branch: string;
  routingNumber: string;
  accountNumber: string;
  password: string;
  code: string;
  secondFactor: string;
}
const FIELDS: (keyof FormValues)[] = [
  'kind',
  'walletType',
  'number',
  'accountName',
  'bankName',
  'branch',
  'routingNumber',
  'accountNumber',
  'password',
  'code',
  'secondFactor',
];

/**
 * Add a bKash or Nagad wallet or a bank account, confirmed again: the password (an account
 * made from a mobile number: a code sent by SMS), and with two-factor sign-in the code of
 * the authenticator app as well.
 */
export function PayoutAccountForm({
  user,
  holdHours,
  confirmBy,
}: {
  user: TMe;
  holdHours: number;
  confirmBy: 'password' | 'code';
}) {
  const { t, tn } = useI18n();
  const addAccount = useAddPayoutAccount();
  const sendCode = useSendPayoutAccountCode();
  const byCode = confirmBy === 'code';
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    // One schema for the three kinds (a discriminated union): its messages by field.
    resolver: zodResolver(ZPayoutAccountRequest) as unknown as Resolver<FormValues>,
    defaultValues: {
      kind: 'bkash',
      walletType: 'personal',
      number: '',
      accountName: user.name,
      bankName: '',
      branch: '',
      routingNumber: '',
      accountNumber: '',
      password: '',
      code: '',
      secondFactor: '',
    },
  });
  const field = formFields(register, errors);
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = async (values: FormValues) => {
    try {
      const { password, code, ...rest } = values;
      await addAccount.mutateAsync({
        ...rest,
        ...(byCode ? { code } : { password }),
      } as unknown as TPayoutAccountRequestInput);
      reset({ ...values, number: '', accountNumber: '', password: '', code: '', secondFactor: '' });
      void popup.success(
        ACCOUNT_ADDED,
        tn(
          'An admin checks it; payouts to it wait {{n}} hours. We sent you an e-mail about it.',
          holdHours,
        ),
      );
    } catch (err) {
      await showSaveFailure(err, setError, FIELDS);
    }
  };

  return (
    <CardForm
      id="add-account-heading"
      title={t('Add a payout account')}
      onSubmit={handleSubmit(onSubmit)}
    >
      <SelectField label="Where the money goes" {...field('kind')}>
        <PayoutMethodOptions />
      </SelectField>
      {kind === 'bank' ? (
        <>
          <TextField label="Bank" {...field('bankName')} />
          <TextField label="Branch" {...field('branch')} />
          <TextField
            label="Routing number"
            hint="9 digits, on your cheque book"
            inputMode="numeric"
            {...field('routingNumber')}
          />
          <TextField label="Account number" inputMode="numeric" {...field('accountNumber')} />
        </>
      ) : (
        <>
          <SelectField label="Wallet type" {...field('walletType')}>
            {WALLET_TYPES.map((w) => (
              <option key={w.value} value={w.value}>
                {t(w.label)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Wallet number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...field('number')}
          />
        </>
      )}
      <TextField
        label="Name on the account"
        hint="It must be your name as verified, or your organisation's"
        {...field('accountName')}
      />
      {byCode && <SendSmsCode request={sendCode} />}
      <TextField
        hint="Asked again so that nobody else can send your money elsewhere"
        {...CONFIRM_FIELD[confirmBy]}
        {...field(confirmBy)}
      />
      {user.twoFactorEnabled && (
        <TextField
          label="Code from your authenticator app, or a backup code"
          autoComplete="one-time-code"
          {...field('secondFactor')}
        />
      )}
      <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
        {isSubmitting ? t('Sending…') : t('Add account')}
      </button>
    </CardForm>
  );
}
