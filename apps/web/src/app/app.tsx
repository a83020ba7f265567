import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '../lib/router';
import { browserI18n, I18nProvider } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { router } from './browser-router';

export function App() {
  return (
    <I18nProvider instance={browserI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  );
}
