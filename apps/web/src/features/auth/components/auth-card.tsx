import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto my-10 w-full max-w-md px-4">
      <div className="card bg-base-100 shadow-xl">
        <div className="card-body">
          <h1 className="card-title mb-2 text-3xl">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}
