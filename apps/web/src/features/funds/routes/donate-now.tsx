import { PAGE_TITLES } from '@easyfund/shared/constants';
import { usePageTitle } from '../../../lib/title';

export function Component() {
  usePageTitle(PAGE_TITLES.donateNow);
  return (
    <section className="p-6">
      <h1 className="text-2xl font-bold">{PAGE_TITLES.donateNow}</h1>
    </section>
  );
}
