import { useQuery } from '@tanstack/react-query';
import { PAGE_TITLES } from '@easyfund/shared/constants';
import { Pagination } from '../../../components/pagination';
import { usePageTitle } from '../../../lib/title';
import { contactMessagesQuery, subscriptionsQuery } from '../api';
import { QueryState } from '../components/query-state';
import { usePageParam } from '../components/use-page-param';

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
      <QueryState pending={list.isPending} error={list.error}>
        {list.data && list.data.items.length === 0 && (
          <p className="rounded-box bg-base-100 p-6 text-center shadow">No messages yet.</p>
        )}
        {list.data && list.data.items.length > 0 && (
          <>
            <div className="overflow-x-auto rounded-box bg-base-100 shadow">
              <table className="table" aria-label="Contact messages">
                <thead>
                  <tr>
                    <th scope="col">Received</th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Message</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((m) => (
                    <tr key={m.id}>
                      <td className="whitespace-nowrap">
                        {new Date(m.createdAt).toLocaleString()}
                      </td>
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
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={list.data.page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              onPage={setPage}
              label="Message pages"
            />
          </>
        )}
      </QueryState>
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
      <QueryState pending={list.isPending} error={list.error}>
        {list.data && list.data.items.length === 0 && (
          <p className="rounded-box bg-base-100 p-6 text-center shadow">No subscribers yet.</p>
        )}
        {list.data && list.data.items.length > 0 && (
          <>
            <div className="overflow-x-auto rounded-box bg-base-100 shadow">
              <table className="table" aria-label="Newsletter subscribers">
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Subscribed</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((s) => (
                    <tr key={s.id}>
                      <th scope="row" className="font-medium">
                        {s.email}
                      </th>
                      <td>{new Date(s.createdAt).toLocaleString()}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={list.data.page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              onPage={setPage}
              label="Subscriber pages"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
