import { ROLE_LABELS } from '../../../domain/constants';
import { useDeferredValue, useState } from 'react';
import { Search, Trash2 } from 'lucide-react';
import { ADMIN_MESSAGES, type AdminUser } from '../../../domain/admin-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { SectionHeading } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { DeleteUserDialog } from './delete-user-dialog';
import { formatDate } from './format';

export function UsersTab() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const query = useAdminQuery<{ users: AdminUser[]; total: number; limit: number }>(
    adminKeys.users(deferred),
    `/api/admin/users${deferred ? `?q=${encodeURIComponent(deferred)}` : ''}`,
  );
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const remove = useAdminAction<AdminUser>({
    request: (user) => ({ path: `/api/admin/users/${user.id}`, init: { method: 'DELETE' } }),
    success: ADMIN_MESSAGES.userDeleted,
    failure: ADMIN_MESSAGES.userDeleteFailed,
    onSuccess: () => setDeleting(null),
  });

  return (
    <section aria-labelledby="users-heading">
      <SectionHeading
        id="users-heading"
        title="All Users"
        description="Makers, minds and clients, newest first."
        actions={
          <div className="grid w-full gap-2 sm:w-72">
            <Label htmlFor="user-search">Search users</Label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id="user-search" type="search" placeholder="Name or email" className="pl-10" value={search} onChange={(event) => setSearch(event.target.value)} />
            </div>
          </div>
        }
      />
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : query.data.users.length === 0 ? (
        <EmptyState title={deferred ? 'No users match your search' : 'No users yet'} description={deferred ? 'Try part of a name or an email address.' : undefined} />
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            {query.data.total > query.data.users.length
              ? `Showing the newest ${query.data.users.length} of ${query.data.total.toLocaleString('en-US')} users. Search to find someone else.`
              : `${query.data.total} ${query.data.total === 1 ? 'user' : 'users'}`}
          </p>
          <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
            {query.data.users.map((user) => (
              <li key={user.id} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:gap-6">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{user.name}</p>
                  <p className="text-sm wrap-anywhere text-muted-foreground">{user.email ?? 'N/A'}</p>
                </div>
                <p className="flex shrink-0 flex-wrap gap-x-4 text-sm text-muted-foreground sm:w-72">
                  <span className="sm:w-28">Role: {user.role ? ROLE_LABELS[user.role] : 'No role'}</span>
                  <span>Joined {formatDate(user.createdAt)}</span>
                </p>
                <Button size="sm" variant="ghost" className="self-start text-destructive hover:bg-destructive/10 sm:self-center" onClick={() => setDeleting(user)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                  <span className="sr-only"> {user.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <DeleteUserDialog user={deleting} isPending={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={(user) => remove.mutate(user)} />
    </section>
  );
}
