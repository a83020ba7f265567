import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { contactMessagesQuery, subscriptionsQuery } from '../../../api/messages';
import { PagedTable } from '../../../components/paged-table';
import { useI18n } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';
import { FundReports } from '../components/fund-reports';

/** /dashboard/admin/messages: reported funds, contact messages and newsletter subscribers. */
export function MessagesPage() {
  usePageTitle(PAGE_TITLES.messages);
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{t(PAGE_TITLES.messages)}</h1>
      <FundReports />
      <ContactMessages />
      <Subscribers />
    </section>
  );
}

function ContactMessages() {
  const [page, setPage] = usePageParam('messagesPage');
  const list = useQuery(contactMessagesQuery(page));
  const { t, number, dateTime } = useI18n();
  return (
    <section aria-labelledby="contact-heading" className="mb-10">
      <h2 id="contact-heading" className="mb-3 text-xl font-semibold">
        {t('Contact messages')} {list.data ? `(${number(list.data.total)})` : ''}
      </h2>
      <PagedTable
        query={list}
        label="Contact messages"
        pagesLabel="Message pages"
        empty="No messages yet."
        columns={['Received', 'Name', 'Email', 'Phone', 'Message']}
        onPage={setPage}
        row={(m) => (
          <tr key={m.id}>
            <td className="whitespace-nowrap">{dateTime(m.createdAt)}</td>
            <th scope="row" className="font-medium">
              {m.name}
            </th>
            <td>
              <a className="link" href={`mailto:${m.email}`}>
                {m.email}
              </a>
            </td>
            <td>{m.phone || '—'}</td>
            <td className="max-w-md whitespace-pre-line">{m.message}</td>
          </tr>
        )}
      />
    </section>
  );
}

function Subscribers() {
  const [page, setPage] = usePageParam('subscribersPage');
  const list = useQuery(subscriptionsQuery(page));
  const { t, number, dateTime } = useI18n();
  return (
    <section aria-labelledby="subscribers-heading">
      <h2 id="subscribers-heading" className="mb-3 text-xl font-semibold">
        {t('Newsletter subscribers')} {list.data ? `(${number(list.data.total)})` : ''}
      </h2>
      <PagedTable
        query={list}
        label="Newsletter subscribers"
        pagesLabel="Subscriber pages"
        empty="No subscribers yet."
        columns={['Email', 'Subscribed']}
        onPage={setPage}
        row={(s) => (
          <tr key={s.id}>
            <th scope="row" className="font-medium">
              {s.email}
            </th>
            <td>{dateTime(s.createdAt)}</td>
          </tr>
        )}
      />
    </section>
  );
}
