import { useEffect, useState } from 'react';
import { useI18n } from '../../../lib/i18n';

/**
 * On phones, a Donate button that stays at the bottom of the screen while the donate box
 * is out of view; it takes the donor to the box (`#donate`).
 */
export function StickyDonate({ targetId }: { targetId: string }) {
  const { t } = useI18n();
  const [targetVisible, setTargetVisible] = useState(true);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setTargetVisible(Boolean(entry?.isIntersecting)),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);
  if (targetVisible) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-base-200 bg-base-100/95 p-3 shadow-lg backdrop-blur lg:hidden">
      <a
        href={`#${targetId}`}
        className="btn btn-primary btn-block"
        onClick={(e) => {
          const target = document.getElementById(targetId);
          if (!target) return;
          e.preventDefault();
          target.scrollIntoView({ behavior: 'smooth', block: 'center' });
          target.focus({ preventScroll: true });
        }}
      >
        {t('Donate')}
      </a>
    </div>
  );
}
