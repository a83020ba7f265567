// Kept apart from the documents' drawing (./donor-statement-pdf): the server computes a statement's totals
// without loading pdfkit and the fonts, which only the printer's thread needs.
import type { StatementData } from './donor-statement-pdf';

/**
 * A statement's totals: what the donor gave, net of what was taken back (a refunded gift
 * counts nothing, a partly refunded one what was kept), and the part given as Zakat.
 */
export function statementTotals(donations: StatementData['donations']): {
  totalPoisha: number;
  zakatPoisha: number;
} {
  const kept = (d: StatementData['donations'][number]) => d.amountPoisha - d.refundedPoisha;
  return {
    totalPoisha: donations.reduce((sum, d) => sum + kept(d), 0),
    zakatPoisha: donations.filter((d) => d.zakat).reduce((sum, d) => sum + kept(d), 0),
  };
}
