import { Link } from 'react-router';
import { causeTitle } from '@easyfund/shared/constants';
import type { TFundPublic } from '@easyfund/shared/schemas/funds';
import { srcsetFor } from '@easyfund/shared/images';
import { Money } from '../../../components/money';
import { RaisedProgress } from '../../../components/raised-progress';
import { paths } from '../../../lib/paths';

/** A fund in the /donatenow list: image, name, raised by, raised, goal, progress, details. */
export function FundCard({
  fund,
  eager = false,
  priority = false,
}: {
  fund: TFundPublic;
  /** Above the fold: load at once (the first one with high priority). */
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <article className="card h-full overflow-hidden border border-base-200 bg-base-100 shadow-sm transition hover:shadow-md">
      <figure className="aspect-[8/5] bg-base-200">
        <img
          src={fund.image}
          srcSet={srcsetFor(fund.image)}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          alt=""
          width={800}
          height={500}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <span className="badge badge-outline badge-sm text-base-content/80">
          {causeTitle(fund.cause)}
        </span>
        <h2 className="card-title text-lg leading-snug">{fund.name}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/75">Raised by</dt>
          <dd className="font-medium">{fund.raiserName}</dd>
          <dt className="text-base-content/75">Fund raised</dt>
          <dd className="font-semibold text-emerald-800">
            <Money poisha={fund.raisedPoisha} />
          </dd>
          <dt className="text-base-content/75">Goal</dt>
          <dd className="font-medium">
            <Money poisha={fund.goalPoisha} />
          </dd>
        </dl>
        <RaisedProgress raisedPoisha={fund.raisedPoisha} goalPoisha={fund.goalPoisha} />
        <div className="card-actions mt-auto">
          <Link
            to={paths.fund(fund.id)}
            className="btn btn-primary btn-block"
            aria-label={`View Details of ${fund.name}`}
          >
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
