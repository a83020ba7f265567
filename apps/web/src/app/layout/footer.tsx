import { Brand } from '../../components/brand';

/** Site footer. The newsletter form is filled in by the public-site work. */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <Brand className="text-2xl" />
        <p className="mt-2">Head office: House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh</p>
      </div>
    </footer>
  );
}
