import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useUsers, type AdminUser } from '../api/get-users';
import { CreateUserDialog, type CreatedUser } from './create-user-dialog';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { UserActions } from './user-actions';

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.disabled) {
    // Neutral text with a red dot: the danger tone's text is too faint on the light theme's tinted background.
    return (
      <Badge>
        <span className="h-2 w-2 rounded-full bg-danger" aria-hidden="true" />
        {t('settings.disabled')}
      </Badge>
    );
  }
  if (user.mustChangePassword) return <Badge tone="warning">{t('userAdmin.mustChangePassword')}</Badge>;
  return <Badge tone="success">{t('settings.active')}</Badge>;
}

const cell = 'px-3 py-3 sm:px-5';

/** The users tab: the team's accounts, and what an administrator does with them. */
export function UsersSettings() {
  const { t } = useTranslation();
  const users = useUsers();
  const me = useUser().data;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.users')}</CardTitle>
        <Button size="sm" onClick={() => setCreating(true)}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {t('userAdmin.create.open')}
        </Button>
      </CardHeader>
      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(users.error, t)}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('settings.users')}>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-border text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className={`${cell} font-medium`}>
                    {t('userAdmin.nameAndUsername')}
                  </th>
                  <th scope="col" className={`${cell} hidden font-medium sm:table-cell`}>
                    {t('auth.role')}
                  </th>
                  <th scope="col" className={`${cell} hidden font-medium sm:table-cell`}>
                    {t('settings.status')}
                  </th>
                  <th scope="col" className={`${cell} hidden font-medium md:table-cell`}>
                    {t('userAdmin.lastActive')}
                  </th>
                  <th scope="col" className={`${cell} hidden text-right font-medium md:table-cell`}>
                    {t('userAdmin.openSessions')}
                  </th>
                  <th scope="col" className={`${cell} w-12`}>
                    <span className="sr-only">{t('userAdmin.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {items.map((user) => (
                  <tr key={user.id} data-testid={`user-row-${user.username}`}>
                    <td className={`${cell} text-foreground`}>
                      <span className="font-medium">{user.name}</span>
                      {user.id === me?.id && (
                        <span className="ml-1 text-xs text-muted-foreground">{t('userAdmin.you')}</span>
                      )}
                      <span className="block text-xs break-all text-muted-foreground">{user.username}</span>
                      {/* Phones: role and status under the name, so the row fits with its menu. */}
                      <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:hidden">
                        {t(`roles.${user.role}`)}
                        <StatusBadge user={user} />
                      </span>
                    </td>
                    <td className={`${cell} hidden sm:table-cell`} data-testid="user-role">
                      {t(`roles.${user.role}`)}
                    </td>
                    <td className={`${cell} hidden sm:table-cell`}>
                      <StatusBadge user={user} />
                    </td>
                    <td className={`${cell} hidden whitespace-nowrap text-muted-foreground md:table-cell`}>
                      {formatDateTime(user.lastActiveAt) ?? t('userAdmin.never')}
                    </td>
                    <td className={`${cell} hidden text-right tabular-nums md:table-cell`} data-testid="user-sessions">
                      {user.openSessions}
                    </td>
                    <td className={`${cell} text-right`}>
                      <UserActions user={user} isSelf={user.id === me?.id} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {users.hasNextPage && (
            <div className="flex justify-center border-t border-border p-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void users.fetchNextPage()}
                disabled={users.isFetchingNextPage}
              >
                {users.isFetchingNextPage && <Spinner />}
                {t('userAdmin.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      {creating && (
        <CreateUserDialog
          onClose={() => setCreating(false)}
          onCreated={(user) => {
            setCreating(false);
            setCreated(user);
          }}
        />
      )}
      {created && (
        <TemporaryPasswordDialog
          name={created.name}
          password={created.temporaryPassword}
          note={t('userAdmin.createdNote')}
          onClose={() => setCreated(null)}
        />
      )}
    </Card>
  );
}
