import { useI18n } from '../lib/i18n';

/** An amount of money, given in poisha, shown as '1,234 Tk' / '১,২৩৪ টাকা'. */
export function Money({ poisha, className }: { poisha: number; className?: string }) {
  const { tk } = useI18n();
  return <span className={className}>{tk(poisha)}</span>;
}
