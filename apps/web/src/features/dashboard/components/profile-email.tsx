import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type TAddEmailForm, ZAddEmailForm } from '@easyfund/shared/schemas/session';
import { useAddEmail } from '../../../api/session';
import { EmailField } from '../../../components/email-field';
import { formFields, TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';

/**
 * An account made from a mobile number adds an e-mail address and a password: a link goes
 * to the address, and once it is opened the person signs in with the address or the number.
 */
export function ProfileEmail() {
  const { t } = useI18n();
  const add = useAddEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TAddEmailForm>({ resolver: zodResolver(ZAddEmailForm) });
  const field = formFields(register, errors);

  const onSubmit = ({ email, password }: TAddEmailForm) =>
    add.mutate({ email, password }, { onSuccess: () => setSentTo(email) });

  return (
    <section className="mt-4 w-full text-left" aria-labelledby="profile-email-title">
      <h2 id="profile-email-title" className="mb-1 text-sm font-medium">
        {t('E-mail address')}
      </h2>
      {sentTo ? (
        <p role="status" className="alert alert-info alert-soft text-sm">
          {t(
            'We sent a link to {{email}}. Open it to add the address; then you can sign in with it and this password, or with your number.',
            { email: sentTo },
          )}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-2">
          <p className="text-sm text-base-content/80">
            {t('Add an e-mail address to get receipts by mail and sign in with it too.')}
          </p>
          <EmailField {...field('email')} />
          <TextField
            label="Password"
            {...field('password')}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            label="Confirm Password"
            {...field('matchPass')}
            type="password"
            autoComplete="new-password"
          />
          {add.isError && (
            <p role="alert" className="text-sm text-error">
              {t(messageOf(add.error))}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-sm self-start"
            disabled={add.isPending}
          >
            {t('Add e-mail address')}
          </button>
        </form>
      )}
    </section>
  );
}
