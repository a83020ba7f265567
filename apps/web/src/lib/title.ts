import { useEffect } from 'react';
import { pageTitle } from '@easyfund/shared/pages';
import { useI18n } from './i18n';

/** Sets the document title to '{page} - Easy Fund'. */
export function usePageTitle(page: string) {
  const { t } = useI18n();
  const title = t(page);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
