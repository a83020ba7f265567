import { formatDate, formatDigits, formatNumber, formatTk } from '@easyfund/shared/format';
import type { Language } from '@easyfund/shared/i18n/languages';
import { amountInWords } from '@easyfund/shared/words';
import {
  type Organisation,
  type Doc,
  mixed,
  oneLine,
  finish,
  newDocument,
  header,
  row,
  translator,
} from './pdf';

export interface StatementData {
  year: number;
  donorName: string;
  donorEmail: string;
  donations: {
    receiptNumber: string;
    fundName: string;
    amountPoisha: number;
    /** Taken back so far: the statement counts the rest. */
    refundedPoisha: number;
    succeededAt: Date;
    refunded: boolean;
    zakat: boolean;
  }[];
  /** What the donor gave in the year, net of refunds (what the statement's total says). */
  totalPoisha: number;
  /** Of which given as Zakat, net of refunds. */
  zakatPoisha: number;
  /** Donations in the year (all of them, also when only the months are listed). */
  giftCount?: number;
  /**
   * A year of more donations than a statement lists (`maxGifts`): each month's count and
   * net total instead of the donations, which are then empty.
   */
  months?: { month: number; count: number; netPoisha: number }[];
  maxGifts?: number;
}

export async function renderStatement(
  org: Organisation,
  s: StatementData,
  lang: Language = 'en',
): Promise<Buffer> {
  const t = translator(lang);
  const title = t('Donation statement {{year}}', { year: formatDigits(s.year, lang) });
  const { doc, done } = newDocument(title);
  header(doc, org, title);
  row(doc, t('Donor'), s.donorName);
  row(doc, t('E-mail'), s.donorEmail);
  doc.moveDown(0.6);
  const cols = { date: 56, receipt: 150, fund: 260, amount: 440 };
  const line = (date: string, receipt: string, fund: string, amount: string, bold = false) => {
    if (doc.y > 760) doc.addPage();
    const y = doc.y;
    oneLine(doc, date, cols.date, y, { bold, size: 9, width: 90 });
    oneLine(doc, receipt, cols.receipt, y, { bold, size: 9, width: 105 });
    let bottom = doc.y;
    doc.y = y;
    mixed(doc, fund, { x: cols.fund, width: 175, size: 9, bold });
    bottom = Math.max(bottom, doc.y);
    oneLine(doc, amount, cols.amount, y, { bold, size: 9, width: 100, alignRight: true });
    doc.y = Math.max(bottom, doc.y) + 3;
  };
  if (s.months) {
    monthsOf(doc, s, lang, line);
  } else {
    line(t('Date'), t('Receipt'), t('Fund'), t('Amount'), true);
  }
  for (const d of s.donations) {
    const amount = formatTk(d.amountPoisha, lang);
    const fund = d.zakat ? t('{{fund}} (Zakat)', { fund: d.fundName }) : d.fundName;
    // A partly refunded gift counts what was kept, and says what went back.
    const partly = !d.refunded && d.refundedPoisha > 0;
    line(
      formatDate(d.succeededAt, lang),
      d.receiptNumber,
      partly
        ? `${fund}\n${t('{{refunded}} of {{amount}} refunded', { amount, refunded: formatTk(d.refundedPoisha, lang) })}`
        : fund,
      d.refunded
        ? t('{{amount}} (refunded)', { amount })
        : formatTk(d.amountPoisha - d.refundedPoisha, lang),
    );
  }
  if (s.donations.length === 0 && !s.months) line('', '', t('No donations in this year.'), '');
  doc.moveDown(0.4);
  const count = s.giftCount ?? s.donations.length;
  line(
    '',
    '',
    t('Total ({{n}} donations)', { count, n: formatNumber(count, lang) }),
    formatTk(s.totalPoisha, lang),
    true,
  );
  if (s.zakatPoisha > 0) line('', '', t('Of which Zakat'), formatTk(s.zakatPoisha, lang));
  doc.moveDown(0.6);
  mixed(doc, t('In words: {{amount}}', { amount: amountInWords(s.totalPoisha, lang) }), {
    x: 56,
    size: 10,
  });
  finish(doc);
  return done;
}

/**
 * A year of more donations than a statement lists: why, where each donation is, and each
 * month's count and net total (the year's total follows as on every statement).
 */
function monthsOf(
  doc: Doc,
  s: StatementData,
  lang: Language,
  line: (date: string, receipt: string, fund: string, amount: string, bold?: boolean) => void,
) {
  const t = translator(lang);
  mixed(
    doc,
    t(
      'This year has {{gifts}} donations, more than the {{max}} a statement lists one by one: here are their totals by month. Every donation is in “Download my donations (CSV)” on the My Donations page.',
      {
        gifts: formatNumber(s.giftCount ?? 0, lang),
        max: formatNumber(s.maxGifts ?? 0, lang),
      },
    ),
    { x: 56, size: 10 },
  );
  doc.moveDown(0.6);
  const monthName = new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  line(t('Month'), '', t('Donations'), t('Amount'), true);
  for (const m of s.months ?? []) {
    line(
      `${monthName.format(Date.UTC(s.year, m.month - 1, 1))} ${formatDigits(s.year, lang)}`,
      '',
      formatNumber(m.count, lang),
      formatTk(m.netPoisha, lang),
    );
  }
}
