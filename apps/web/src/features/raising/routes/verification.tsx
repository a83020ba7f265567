import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import {
  type TVerification,
  type TVerificationForm,
  type TVerificationRequest,
  ZVerificationRequest,
} from '@easyfund/shared/schemas/verifications';
import { useRefreshSession, useSession } from '../../../api/session';
import { myVerificationQuery, useApplyForVerification } from '../../../api/verifications';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/status-badge';
import { CardForm } from '../../../components/card-form';
import { formFields, TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { FormImageField } from '../components/image-field';

/** /dashboard/verification: Be a Fund Raiser. */
export function VerificationPage() {
  usePageTitle(PAGE_TITLES.verification);
  const { user } = useSession();
  const mine = useQuery(myVerificationQuery);
  const refreshSession = useRefreshSession();
  const { t } = useI18n();
  const serverRole = mine.data?.role;
  useEffect(() => {
    // Approved since the session was loaded: refresh it so the raiser links appear.
    if (user && serverRole && serverRole !== user.role) {
      void refreshSession();
    }
  }, [refreshSession, serverRole, user]);
  if (!user || mine.isPending) return <PageLoader />;
  if (mine.isError) {
    return (
      <p role="alert" className="alert alert-error">
        {t(messageOf(mine.error))}
      </p>
    );
  }
  const { application } = mine.data;
  const canApply = user.role === 'user' && application?.status !== 'pending';

  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{t(PAGE_TITLES.verification)}</h1>
      {user.role !== 'user' && (
        <div role="status" className="alert alert-success mb-6">
          {user.role === 'admin'
            ? t('You are an admin: you can review fund raiser applications.')
            : t(
                'You are a verified fund raiser: you can request funds and follow them in My Raised Fund.',
              )}
        </div>
      )}
      {application && <ApplicationStatus application={application} />}
      {canApply &&
        (user.emailVerified ? (
          <ApplicationForm again={Boolean(application)} name={user.name} />
        ) : (
          // Said before the form is filled: the server refuses an unverified applicant.
          <p role="alert" className="alert alert-warning">
            {t(
              'Verify your e-mail first: open the link we sent to {{email}}, then come back to apply. You can have the link sent again from your dashboard.',
              { email: user.email },
            )}
          </p>
        ))}
    </section>
  );
}

function ApplicationStatus({ application }: { application: TVerification }) {
  const { t, dateTime } = useI18n();
  return (
    <div className="card mb-6 bg-base-100 shadow" aria-labelledby="application-heading">
      <div className="card-body">
        <h2 id="application-heading" className="card-title">
          {t('Your application')}
        </h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium">{t('Status')}</dt>
          <dd>
            <StatusBadge status={application.status} />
          </dd>
          <dt className="font-medium">{t('Feedback')}</dt>
          <dd>{application.feedback ?? '—'}</dd>
          <dt className="font-medium">{t('Sent')}</dt>
          <dd>{dateTime(application.createdAt)}</dd>
        </dl>
        {application.status === 'pending' && <p>{t(MSG.verificationSuccessFooter)}</p>}
        {application.status === 'denied' && (
          <p>{t('You can correct your details and apply again.')}</p>
        )}
      </div>
    </div>
  );
}

function ApplicationForm({ again, name }: { again: boolean; name: string }) {
  const applyForVerification = useApplyForVerification();
  const { t } = useI18n();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TVerificationForm, unknown, TVerificationRequest>({
    resolver: zodResolver(ZVerificationRequest),
    defaultValues: { name, image: '', idCardNumber: '', phoneNumber: '' },
  });
  const field = formFields(register, errors);

  const onSubmit = async (body: TVerificationRequest) => {
    try {
      await applyForVerification.mutateAsync(body);
      reset();
      void popup.success(MSG.verificationSuccess, undefined, MSG.verificationSuccessFooter);
    } catch (err) {
      await popup.failure(messageOf(err));
    }
  };

  return (
    <CardForm
      id="apply-heading"
      title={again ? t('Apply again') : t('Apply to become a fund raiser')}
      onSubmit={handleSubmit(onSubmit)}
    >
      <TextField label="Name" {...field('name')} autoComplete="name" />
      <FormImageField control={control} name="image" />
      <TextField
        label="ID Card Number"
        hint="Your national ID number: 10, 13 or 17 digits"
        {...field('idCardNumber')}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        label="Phone Number"
        hint="A mobile number, like 01712345678"
        {...field('phoneNumber')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
      />
      <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
        {isSubmitting ? t('Sending…') : t('Apply')}
      </button>
    </CardForm>
  );
}
