import { Link } from '../../lib/link';
import { Brand } from '../../components/brand';
import { CONTACT_DETAILS as CONTACT } from '../../lib/contact-details';
import { useI18n } from '../../lib/i18n';
import { useNow } from '../../lib/now';
import { paths } from '../../lib/paths';
import { NewsletterForm } from './newsletter-form';

const SOCIAL = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    d: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  },
  {
    name: 'X',
    href: 'https://x.com/',
    d: 'M4 3h4.6l4.2 5.8L17.7 3H20l-6.1 7.1L21 21h-4.6l-4.6-6.3L6.3 21H4l6.7-7.6L4 3z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    d: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5-3.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    d: 'M21.6 7.2c-.2-.9-.9-1.6-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4c-.9.2-1.6.9-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8c.2.9.9 1.6 1.8 1.8 1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4c.9-.2 1.6-.9 1.8-1.8.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3-5.2 3z',
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    d: 'M4 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM2.5 9h3v12h-3V9zm6 0h2.9v1.7c.4-.8 1.5-1.9 3.4-1.9 3.6 0 4.2 2.4 4.2 5.4V21h-3v-5.9c0-1.4 0-3.2-2-3.2s-2.3 1.5-2.3 3.1v6H8.5V9z',
  },
];

/** Popular Links point at the home page's blocks and pages; Useful Links at /info. */
const POPULAR = [
  { label: 'About Us', to: paths.info('about') },
  { label: 'Contact Us', to: paths.contactUs },
  { label: 'Popular Causes', to: `${paths.home}#what-we-do` },
  { label: 'Upcoming Events', to: `${paths.home}#upcoming-events` },
  { label: 'Latest Blog', to: `${paths.home}#latest-blog` },
];

const USEFUL = [
  { label: 'Terms of use', to: paths.info('terms') },
  { label: 'Privacy policy', to: paths.info('privacy') },
  { label: 'Cookies', to: paths.info('cookies') },
  { label: 'Help', to: paths.info('help') },
  { label: 'FQAs', to: paths.info('faq') },
];

function LinkList({ title, links }: { title: string; links: { label: string; to: string }[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t(title)}>
      <h2 className="mb-3 text-lg font-bold text-white">{t(title)}</h2>
      <ul className="space-y-2">
        {links.map((l) => (
          <li key={l.label}>
            <Link
              to={l.to}
              className="link-hover inline-flex min-h-6 items-center text-neutral-content/90 hover:text-white"
            >
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Site footer: head office, Popular Links, Useful Links and the newsletter. */
export function Footer() {
  const { t, digits } = useI18n();
  const now = useNow();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="head-office">
          <Link to={paths.home} className="inline-block rounded bg-white px-2 py-1 text-2xl">
            <Brand />
          </Link>
          <h2 id="head-office" className="mb-2 mt-4 text-lg font-bold text-white">
            {t('Head Office')}
          </h2>
          <address className="space-y-1 not-italic text-neutral-content/90">
            {CONTACT.address.map((line) => (
              <p key={line}>{t(line)}</p>
            ))}
            <p>
              {t('Phone:')}{' '}
              <a href={CONTACT.phoneHref} className="link-hover">
                {CONTACT.phone}
              </a>
            </p>
            <p>
              {t('Email:')}{' '}
              <a href={`mailto:${CONTACT.email}`} className="link-hover">
                {CONTACT.email}
              </a>
            </p>
          </address>
          <ul className="mt-4 flex gap-2" aria-label={t('Easy Fund on social media')}>
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('Easy Fund on {{name}}', { name: s.name })}
                  className="btn btn-circle btn-sm border-0 bg-white/10 text-white hover:bg-amber-400 hover:text-neutral"
                >
                  <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
                    <path fill="currentColor" d={s.d} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <LinkList title="Popular Links" links={POPULAR} />
        <LinkList title="Useful Links" links={USEFUL} />
        <section aria-labelledby="newsletter-title">
          <h2 id="newsletter-title" className="mb-3 text-lg font-bold text-white">
            {t('Newsletter')}
          </h2>
          <NewsletterForm />
        </section>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm text-neutral-content/85">
        © {digits(new Date(now).getFullYear())} {t('Easy Fund. Every taka counts.')}
      </p>
    </footer>
  );
}
