import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { MSG } from '@easyfund/shared/texts';
import { useDecideVerification, verificationsQuery } from '../../../api/verifications';
import { useI18n } from '../../../lib/i18n';
import { TitledPage } from '../../../components/titled-page';
import { usePageParam } from '../../../lib/use-page-param';
import { decisionSender } from '../components/decision-controls';
import { DecisionTable } from '../components/decision-table';

/** /dashboard/admin/manageverification: fund raiser applications. */
export function ManageVerificationPage() {
  const [page, setPage] = usePageParam();
  const list = useQuery(verificationsQuery(page));
  const { t, date } = useI18n();

  const decide = decisionSender(useDecideVerification(), MSG.verificationUpdated);

  return (
    <TitledPage title={PAGE_TITLES.manageVerification} className="mx-auto max-w-7xl" centered>
      <DecisionTable
        query={list}
        label="Applications"
        pagesLabel="Application pages"
        empty="No applications yet."
        decisionColumn="Feedback and decision"
        columns={['Applicant', 'Image', 'ID Card Number', 'Phone Number', 'Sent']}
        onPage={setPage}
        subject={(a) => t("{{name}}'s application", { name: a.name })}
        decide={decide}
        cells={(a) => (
          <>
            <th scope="row" className="font-medium">
              {a.name}
              <span className="block text-sm font-normal">{a.applicant.email}</span>
              {a.applicant.name !== a.name && (
                <span className="block text-xs font-normal text-base-content/80">
                  {t('account: {{name}}', { name: a.applicant.name })}
                </span>
              )}
            </th>
            <td>
              <a href={a.image} target="_blank" rel="noreferrer noopener">
                <img
                  src={a.image}
                  alt={t('Image sent by {{name}}', { name: a.name })}
                  className="h-14 w-14 rounded object-cover"
                />
              </a>
            </td>
            <td className="font-mono">{a.idCardNumber}</td>
            <td className="font-mono">{a.phoneNumber}</td>
            <td className="whitespace-nowrap">{date(a.createdAt)}</td>
          </>
        )}
      />
    </TitledPage>
  );
}
