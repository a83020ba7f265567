import { Outlet } from '../../lib/router';
import { ScrollRestoration } from '../../lib/scroll-restoration';
import { useI18n } from '../../lib/i18n';
import { TestModeBanner } from './test-mode-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Every public page: navigation bar, content area, footer. */
export function RootLayout() {
  const { t } = useI18n();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2"
      >
        {t('Skip to content')}
      </a>
      <TestModeBanner />
      <Navbar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
