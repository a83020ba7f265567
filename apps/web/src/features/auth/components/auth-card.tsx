import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <section className="mx-auto my-10 w-full max-w-md px-4">
      <div className="card bg-base-100 shadow-xl">
        <div className="card-body">
          <h1 className="card-title mb-2 text-3xl">{t(title)}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}
