import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { localPhone } from '@easyfund/shared/phone';
import type { TSetSmsPreferencesRequest } from '@easyfund/shared/schemas/sms';
import { smsPreferencesQuery, useSetSmsPreferences } from '../../../api/sms';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { ProfilePhone } from './profile-phone';

/**
 * The account's SMS choices, in the profile: a text when a fund the person gave to posts
 * news, and one when an admin decides on their requests or pays them out. They go to the
 * account's verified number (shown in full: it is the owner's page); without one, the
 * person adds one here, proved by an SMS code.
 */
export function ProfileSms({ userId }: { userId: string }) {
  const { t, digits } = useI18n();
  const id = useId();
  const mine = useQuery(smsPreferencesQuery(userId));
  const save = useSetSmsPreferences(userId);
  const phone = mine.data?.phoneNumber ?? null;
  const choices: { key: keyof TSetSmsPreferencesRequest; label: string }[] = [
    { key: 'updates', label: t('Text me when a fund I gave to posts news') },
    { key: 'decisions', label: t('Text me when an admin decides on my requests or pays me out') },
  ];

  return (
    <fieldset className="mt-4 w-full text-left" aria-describedby={`${id}-help`}>
      <legend className="mb-1 text-sm font-medium">{t('Text messages (SMS)')}</legend>
      <p id={`${id}-help`} className="mb-2 text-sm text-base-content/80">
        {phone
          ? t('Texts go to {{phone}}. Each has a link to stop them.', {
              phone: digits(localPhone(phone)),
            })
          : t('Add a mobile number to your account to get texts.')}
      </p>
      {mine.isSuccess && !phone && <ProfilePhone userId={userId} />}
      {choices.map(({ key, label }) => (
        <label key={key} className="label cursor-pointer justify-start gap-3 py-1">
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={mine.data?.[key] ?? false}
            disabled={!phone || mine.isPending || save.isPending}
            onChange={(e) => save.mutate({ [key]: e.target.checked })}
          />
          <span className="label-text whitespace-normal">{label}</span>
        </label>
      ))}
      {save.isError && (
        <p role="alert" className="mt-1 text-sm text-error">
          {messageOf(save.error)}
        </p>
      )}
    </fieldset>
  );
}
