import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type TContactRequest, ZContactRequest } from '@easyfund/shared/schemas/messages';
import { CONTACT_LIMITS, CONTACT_MSG } from '@easyfund/shared/texts';
import { useSendContactMessage } from '../../../api/messages';
import { formFields, TextAreaField, TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';

const EMPTY: TContactRequest = { name: '', email: '', phone: '', message: '' };

/** The contact form: validated with the shared schema, stored, success popup. */
export function ContactForm() {
  const sendContactMessage = useSendContactMessage();
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TContactRequest>({ resolver: zodResolver(ZContactRequest), defaultValues: EMPTY });
  const field = formFields(register, errors);

  const onSubmit = async (values: TContactRequest) => {
    try {
      await sendContactMessage.mutateAsync(values);
      reset(EMPTY);
      void popup.success(CONTACT_MSG.sent, CONTACT_MSG.sentText);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const [name, message] of Object.entries(err.fields)) {
          if (name in EMPTY) setError(name as keyof TContactRequest, { message });
        }
        return;
      }
      await popup.failure(messageOf(err));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
      aria-label={t('Contact form')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          {...field('name')}
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
        />
        <TextField label="Email" {...field('email')} type="email" autoComplete="email" />
      </div>
      <TextField
        label="Phone"
        hint="Optional"
        {...field('phone')}
        type="tel"
        autoComplete="tel"
        maxLength={CONTACT_LIMITS.phone}
      />
      <TextAreaField
        label="Message"
        {...field('message')}
        rows={6}
        maxLength={CONTACT_LIMITS.message}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('Send Message')}
      </button>
    </form>
  );
}
