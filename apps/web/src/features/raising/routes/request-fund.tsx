import { PAGE_TITLES } from '@easyfund/shared/constants';
import { usePageTitle } from '../../../lib/title';

export function Component() {
  usePageTitle(PAGE_TITLES.requestFund);
  return (
    <section className="p-6">
      <h1 className="text-2xl font-bold">{PAGE_TITLES.requestFund}</h1>
    </section>
  );
}
