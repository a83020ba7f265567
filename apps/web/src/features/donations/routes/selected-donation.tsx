import { PAGE_TITLES } from '@easyfund/shared/constants';
import { usePageTitle } from '../../../lib/title';

export function Component() {
  usePageTitle(PAGE_TITLES.selectedDonation);
  return (
    <section className="p-6">
      <h1 className="text-2xl font-bold">{PAGE_TITLES.selectedDonation}</h1>
    </section>
  );
}
