import { useEffect } from 'react';
import { pageTitle } from '@easyfund/shared/pages';

/** Sets the document title to '{page} - Easy Fund'. */
export function usePageTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
