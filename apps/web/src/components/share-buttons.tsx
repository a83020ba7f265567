import { type ReactNode, useState } from 'react';
import { useI18n } from '../lib/i18n';

/**
 * Facebook, WhatsApp and copy-link buttons for a page (a fund, a thank-you page). The
 * share links are plain links to the networks' share pages: no script of theirs is
 * loaded, and the server gives each fund page its own preview card.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold">{t('Share this fund')}</p>
      <div className="flex flex-wrap gap-2">
        <ShareLink href={facebook} className="bg-[#1877f2] hover:bg-[#0f5fc7]" icon={FACEBOOK}>
          {t('Facebook')}
        </ShareLink>
        <ShareLink href={whatsapp} className="bg-[#128c4b] hover:bg-[#0c6e3a]" icon={WHATSAPP}>
          {t('WhatsApp')}
        </ShareLink>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => void copy()}>
          <Icon d={LINK} />
          {t('Copy link')}
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm text-base-content/80">
        {copied === 'yes' && t('Link copied')}
        {copied === 'no' && t('Copy this link: {{url}}', { url })}
      </p>
    </div>
  );
}

/** The networks' marks and a link's, drawn in the button's text colour. */
const FACEBOOK =
  'M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z';
const WHATSAPP =
  'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2c-1.5 0-3-.4-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2c0 1.3.9 2.5 1 2.7.1.2 1.8 2.8 4.4 3.9 1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z';
const LINK =
  'M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM8.5 17.7a3 3 0 0 1-4.2-4.2l2.8-2.8a1 1 0 0 0-1.4-1.4l-2.8 2.8a5 5 0 0 0 7 7l2.8-2.8a1 1 0 0 0-1.4-1.4l-2.8 2.8zm11.3-14.1a5 5 0 0 0-7 0l-2.8 2.8a1 1 0 0 0 1.4 1.4l2.8-2.8a3 3 0 0 1 4.2 4.2l-2.8 2.8a1 1 0 0 0 1.4 1.4l2.8-2.8a5 5 0 0 0 0-7z';

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

/** A network's share page, opened in a new tab (and said so to screen readers). */
function ShareLink({
  href,
  className,
  icon,
  children,
}: {
  href: string;
  className: string;
  icon: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`btn btn-sm border-0 text-white ${className}`}
    >
      <Icon d={icon} />
      {children}
      <span className="sr-only"> {t('(opens in a new tab)')}</span>
    </a>
  );
}
