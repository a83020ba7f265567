import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { funds, verificationApplications, withdrawals } from '../db/schema';
import { Conflict, NotFound } from './errors';

/** The requests an admin approves or denies: each goes pending → approved | denied, once. */
export type DecisionTable = typeof funds | typeof verificationApplications | typeof withdrawals;

export interface Decision {
  status: 'approved' | 'denied';
  feedback: string | null;
}

/**
 * Records an admin's decision on a pending request inside the caller's transaction:
 * with the admin and the time, only while it is still pending (so two admins cannot
 * both decide). Unknown → NotFound(`what`); already decided → 409 'already_decided'.
 */
export async function decidePending(
  tx: Tx,
  table: DecisionTable,
  id: string,
  adminId: string,
  decision: Decision,
  labels: { what: string; subject: string },
): Promise<void> {
  const [updated] = await tx
    .update(table)
    .set({
      status: decision.status,
      feedback: decision.feedback,
      decidedBy: adminId,
      decidedAt: new Date(),
    })
    .where(and(eq(table.id, id), eq(table.status, 'pending')))
    .returning({ id: table.id });
  if (updated) return;
  const [exists] = await tx.select({ status: table.status }).from(table).where(eq(table.id, id));
  if (!exists) throw new NotFound(labels.what);
  throw new Conflict(`${labels.subject} has already been ${exists.status}`, 'already_decided');
}
