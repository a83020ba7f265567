import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import { PAGE_TITLES } from '@easyfund/shared/pages';
import { isRealEmail, localPhone } from '@easyfund/shared/phone';
import { MSG } from '@easyfund/shared/texts';
import type { TAdminUser } from '@easyfund/shared/schemas/users';
import { useChangeRole, usersQuery } from '../../../api/users';
import { Avatar } from '../../../components/avatar';
import { PagedTable } from '../../../components/paged-table';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../lib/message-of';
import { popup } from '../../../lib/popups';
import { usePageTitle } from '../../../lib/title';
import { usePageParam } from '../../../lib/use-page-param';

const ROLE_LABELS: Record<TAdminUser['role'], string> = {
  user: 'user',
  verified: 'verified',
  admin: 'admin',
};

/** /dashboard/admin/manageUsers: every user with Make Admin and Make Verified. */
export function ManageUsersPage() {
  usePageTitle(PAGE_TITLES.manageUsers);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState(q);
  const users = useQuery(usersQuery(q, page));
  const changeRole = useChangeRole();
  const [busy, setBusy] = useState<string | null>(null);
  const { t, tn, digits } = useI18n();

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (search.trim()) next.set('q', search.trim());
    setParams(next);
  };

  const setRole = async (u: TAdminUser, role: 'admin' | 'verified') => {
    // An admin can do everything and cannot be demoted here: ask before.
    if (
      role === 'admin' &&
      !(await popup.confirm(
        'Make {{name}} an admin?',
        'An admin can approve funds, withdrawals and fund raisers, and make other admins.',
        'Yes, make admin',
        { name: u.name },
      ))
    )
      return;
    setBusy(u.id);
    try {
      await changeRole.mutateAsync({ id: u.id, role });
      void popup.success(MSG.roleUpdated);
    } catch (err) {
      await popup.failure(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-center text-3xl font-bold">{t(PAGE_TITLES.manageUsers)}</h1>
      <form role="search" onSubmit={onSearch} className="mb-4 flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="user-search" className="label pb-1 text-sm font-medium">
            {t('Search by name or email')}
          </label>
          <input
            id="user-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="input input-bordered w-full"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {t('Search')}
        </button>
      </form>
      <PagedTable
        query={users}
        label="Users"
        pagesLabel="User pages"
        empty={q ? t('No user matches “{{q}}”.', { q }) : 'No users yet.'}
        columns={['#', 'Photo', 'Name', 'Email', 'Role', 'Make Admin', 'Make Verified']}
        onPage={setPage}
        caption={
          users.data && (
            <p className="mb-2 text-sm text-base-content/80" aria-live="polite">
              {q
                ? tn('{{n}} users matching “{{q}}”', users.data.total, {
                    q,
                    orMore: users.data.capped,
                  })
                : tn('{{n}} users', users.data.total, { orMore: users.data.capped })}
            </p>
          )
        }
        row={(u, position) => (
          <tr key={u.id}>
            <td>{digits(position)}</td>
            <td>
              <Avatar src={u.image} name={u.name} size={40} />
            </td>
            <th scope="row" className="font-medium">
              {u.name}
            </th>
            <td>
              {isRealEmail(u.email) && <span className="block">{u.email}</span>}
              {u.phoneNumber && <span className="block">{digits(localPhone(u.phoneNumber))}</span>}
            </td>
            <td>{t(ROLE_LABELS[u.role])}</td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={u.role === 'admin' || busy === u.id}
                onClick={() => void setRole(u, 'admin')}
              >
                {t('Make Admin')}
                <span className="sr-only">: {u.name}</span>
              </button>
            </td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                disabled={u.role !== 'user' || busy === u.id}
                onClick={() => void setRole(u, 'verified')}
              >
                {t('Make Verified')}
                <span className="sr-only">: {u.name}</span>
              </button>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
