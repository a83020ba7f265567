import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** Something posted about a fund (a report, an update, a spending report), by someone. */
interface PostedAboutFund {
  createdAt: string;
  fund: { id: string; name: string };
  /** Who wrote it, shown under the fund's name. */
  author?: { name: string; email: string };
}

/**
 * The leading cells of a queue's row about a fund: when it was posted, then the fund (the
 * row's header, linked to its page) with its author under it.
 */
export function PostedFundCells({ item }: { item: PostedAboutFund }) {
  const { dateTime } = useI18n();
  return (
    <>
      <td className="whitespace-nowrap">{dateTime(item.createdAt)}</td>
      <th scope="row" className="font-medium">
        <a className="link" href={paths.fund(item.fund.id)}>
          {item.fund.name}
        </a>
        {item.author && (
          <span className="block text-xs font-normal text-base-content/80">
            {item.author.name} · {item.author.email}
          </span>
        )}
      </th>
    </>
  );
}
