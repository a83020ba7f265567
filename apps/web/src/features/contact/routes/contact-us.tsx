import type { ReactNode } from 'react';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { CONTACT_DETAILS } from '../../../lib/contact-details';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { ContactForm } from '../components/contact-form';

function Detail({ title, icon, children }: { title: string; icon: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <li className="flex gap-4">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-800">
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
          <path fill="currentColor" d={icon} />
        </svg>
      </span>
      <div>
        <h2 className="font-bold">{t(title)}</h2>
        <div className="text-base-content/80">{children}</div>
      </div>
    </li>
  );
}

const ICONS = {
  location:
    'M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  phone:
    'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z',
  email:
    'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm9 7.5L4 7.3V17h16V7.3l-8 5.2zM5.2 7 12 11.3 18.8 7H5.2z',
};

export function ContactUsPage() {
  usePageTitle(PAGE_TITLES.contactUs);
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <header className="mb-10 text-center">
        <p className="font-semibold uppercase tracking-wider text-orange-700">
          {t('Get in touch')}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold md:text-4xl">{t(PAGE_TITLES.contactUs)}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-base-content/80">
          {t(
            'Questions about a fund, a donation or volunteering? Write to us and we will answer by e-mail.',
          )}
        </p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
        <ul className="flex flex-col gap-6 rounded-box bg-base-200/60 p-6">
          <Detail title="Location" icon={ICONS.location}>
            {CONTACT_DETAILS.address.map((line) => (
              <p key={line}>{t(line)}</p>
            ))}
          </Detail>
          <Detail title="Phone" icon={ICONS.phone}>
            <a href={CONTACT_DETAILS.phoneHref} className="link-hover">
              {CONTACT_DETAILS.phone}
            </a>
            <p className="text-sm">{t(CONTACT_DETAILS.hours)}</p>
          </Detail>
          <Detail title="Email" icon={ICONS.email}>
            <a href={`mailto:${CONTACT_DETAILS.email}`} className="link-hover">
              {CONTACT_DETAILS.email}
            </a>
          </Detail>
        </ul>
        <div className="rounded-box border border-base-200 p-6 shadow-sm">
          <h2 className="mb-4 text-2xl font-bold">{t('Send us a message')}</h2>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
