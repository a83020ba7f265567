import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { contactMessagesQuery, subscriptionsQuery } from '../../../api/messages';
import { PagedTable } from '../../../components/paged-table';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';

/** /dashboard/admin/messages: contact messages and newsletter subscribers. */
export function Component() {
  usePageTitle(PAGE_TITLES.messages);
  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{PAGE_TITLES.messages}</h1>
      <ContactMessages />
      <Subscribers />
    </section>
  );
}

function ContactMessages() {
  const [page, setPage] = usePageParam('messagesPage');
  const list = useQuery(contactMessagesQuery(page));
  return (
    <section aria-labelledby="contact-heading" className="mb-10">
      <h2 id="contact-heading" className="mb-3 text-xl font-semibold">
        Contact messages {list.data ? `(${list.data.total})` : ''}
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
            <td className="whitespace-nowrap">{new Date(m.createdAt).toLocaleString()}</td>
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
  return (
    <section aria-labelledby="subscribers-heading">
      <h2 id="subscribers-heading" className="mb-3 text-xl font-semibold">
        Newsletter subscribers {list.data ? `(${list.data.total})` : ''}
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
            <td>{new Date(s.createdAt).toLocaleString()}</td>
          </tr>
        )}
      />
    </section>
  );
}
