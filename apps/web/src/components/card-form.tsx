import type { FormEventHandler, ReactNode } from 'react';

/** A form on a card, named by its heading; the fields are its children. */
export function CardForm({
  id,
  title,
  onSubmit,
  children,
}: {
  /** The heading's id. */
  id: string;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="card bg-base-100 shadow" aria-labelledby={id}>
      <div className="card-body gap-3">
        <h2 id={id} className="card-title">
          {title}
        </h2>
        {children}
      </div>
    </form>
  );
}
