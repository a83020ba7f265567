import { formatTk } from '@easyfund/shared/money';

/** An amount of money, given in poisha, shown as '1,234 Tk'. */
export function Money({ poisha, className }: { poisha: number; className?: string }) {
  return <span className={className}>{formatTk(poisha)}</span>;
}
