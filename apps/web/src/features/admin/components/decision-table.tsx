import type { ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from '../../../components/paged-table';
import { StatusBadge } from '../../../components/status-badge';
import { type Decision, ItemDecision, type Reviewed } from './decision-controls';

/**
 * A page of a review queue: each row is the item's own `cells`, then its status and the
 * admin's decision on it (the columns 'Status' and `decisionColumn`).
 */
export function DecisionTable<T extends Reviewed>({
  columns,
  decisionColumn,
  cells,
  subject,
  decide,
  ...table
}: Omit<PagedTableProps<T>, 'row'> & {
  /** The heading of the decision's column. */
  decisionColumn: 'Feedback and decision' | 'Decision';
  cells: (item: T) => ReactNode;
  /** What is decided, for screen readers ("Rafiq Islam's application"). */
  subject: (item: T) => string;
  decide: (item: T, status: Decision, feedback: string) => Promise<void>;
}) {
  return (
    <PagedTable
      {...table}
      columns={[...columns, 'Status', decisionColumn]}
      row={(item) => (
        <tr key={item.id}>
          {cells(item)}
          <td>
            <StatusBadge status={item.status} />
          </td>
          <td>
            <ItemDecision item={item} subject={subject(item)} decide={decide} />
          </td>
        </tr>
      )}
    />
  );
}
