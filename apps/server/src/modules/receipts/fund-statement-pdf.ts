import { formatDate, formatDateTime, formatNumber, formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { translate } from '../../lib/i18n';
import { finish, header, mixed, newDocument, type Organisation, row, translator } from './pdf';

/** One payout of a fund as its statement lists it (the account masked). */
export interface StatementPayout {
  paidOn: string;
  method: string;
  account: string | null;
  reference: string;
  amountPoisha: number;
}

/**
 * A fund's money in and out, with the ledger's own figures: in (gifts net of refunds) =
 * paid out + held (requested and approved withdrawals) + available.
 */
export interface FundStatementData {
  fundName: string;
  raiserName: string;
  createdAt: string;
  donationCount: number;
  inPoisha: number;
  payouts: StatementPayout[];
  paidOutPoisha: number;
  heldPoisha: number;
  availablePoisha: number;
  /** What the site still holds for the fund: in − paid out (= held + available). */
  closingPoisha: number;
  testMode: boolean;
}

const METHOD: Record<string, string> = { bkash: 'bKash', nagad: 'Nagad', bank: 'Bank transfer' };

/** A fund's statement (A4) in the reader's language, for its raiser and the admins. */
export async function renderFundStatement(
  org: Organisation,
  s: FundStatementData,
  lang: Language = 'en',
): Promise<Buffer> {
  const t = translator(lang);
  const title = t('Fund statement: {{fund}}', { fund: s.fundName });
  const { doc, done } = newDocument(title);
  header(doc, org, title);
  row(doc, t('Fund'), s.fundName);
  row(doc, t('Raiser'), s.raiserName);
  row(doc, t('As of'), t('{{time}} (Asia/Dhaka)', { time: formatDateTime(s.createdAt, lang) }));
  doc.moveDown(0.6);
  mixed(doc, t('Money in'), { bold: true, x: 56 });
  doc.moveDown(0.3);
  row(doc, t('Donations'), formatNumber(s.donationCount, lang));
  row(doc, t('Gifts, net of refunds'), formatTk(s.inPoisha, lang));
  doc.moveDown(0.6);
  mixed(doc, t('Money out'), { bold: true, x: 56 });
  doc.moveDown(0.3);
  if (s.payouts.length === 0) row(doc, '', t('Nothing has been paid out to the organiser yet.'));
  for (const p of s.payouts) {
    if (doc.y > 740) doc.addPage();
    const to = [translate(lang, METHOD[p.method] ?? p.method), p.account].filter(Boolean).join(' ');
    row(
      doc,
      formatDate(`${p.paidOn}T12:00:00+06:00`, lang),
      t('{{amount}} to {{account}}, reference {{reference}}', {
        amount: formatTk(p.amountPoisha, lang),
        account: to,
        reference: p.reference,
      }),
    );
  }
  row(doc, t('Paid out'), formatTk(s.paidOutPoisha, lang));
  doc.moveDown(0.6);
  row(doc, t('Held for withdrawals'), formatTk(s.heldPoisha, lang));
  row(doc, t('Available'), formatTk(s.availablePoisha, lang));
  doc.moveDown(0.3);
  row(doc, t('Closing balance'), formatTk(s.closingPoisha, lang));
  if (s.testMode) {
    doc.moveDown(0.6);
    mixed(doc, t('Test money: no real money was given or paid out.'), { bold: true, x: 56 });
  }
  finish(doc);
  return done;
}
