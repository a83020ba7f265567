import { useId, useState } from 'react';
import { statementUrl } from '../../../api/receipts';
import { myGiftsCsvUrl } from '../../../api/downloads';
import { useI18n } from '../../../lib/i18n';

/** The Dhaka year now (statements and receipt numbers count years in Bangladesh). */
function dhakaYear(): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', year: 'numeric' }).format(
      new Date(),
    ),
  );
}

/** Picks a year and downloads that year's statement of donations (PDF); or every gift as CSV. */
export function YearlyStatement() {
  const { t, number } = useI18n();
  const id = useId();
  const thisYear = dhakaYear();
  const [year, setYear] = useState(thisYear);
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  return (
    <div className="mb-6 flex flex-wrap items-end gap-3 rounded-box border border-base-200 bg-base-100 p-4">
      <label htmlFor={id} className="flex flex-col gap-1 text-sm">
        {t('Yearly statement')}
        <select
          id={id}
          className="select select-sm"
          value={year}
          onChange={(e) => setYear(Number(e.target.value))}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {number(y).replace(/,/g, '')}
            </option>
          ))}
        </select>
      </label>
      <a
        href={statementUrl(year)}
        download={`easyfund-statement-${year}.pdf`}
        className="btn btn-outline btn-sm"
      >
        {t('Download the statement (PDF)')}
      </a>
      <a href={myGiftsCsvUrl()} download className="btn btn-ghost btn-sm">
        {t('Download my donations (CSV)')}
      </a>
    </div>
  );
}
