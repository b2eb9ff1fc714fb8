import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useUsers } from '../api/get-users';

/** The users tab: the team's accounts. */
export function UsersSettings() {
  const { t } = useTranslation();
  const users = useUsers();
  return (
      <Card>
        <CardHeader>
          <CardTitle>{t('settings.users')}</CardTitle>
          {users.data && <Badge>{users.data.items.length}</Badge>}
        </CardHeader>
        {users.isPending ? (
          <PageSpinner />
        ) : users.isError ? (
          <p role="alert" className="px-5 py-4 text-sm text-danger">
            {errorMessage(users.error, t)}
          </p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('settings.users')}>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-border text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium sm:px-5">{t('settings.name')}</th>
                  <th scope="col" className="hidden px-3 py-3 sm:px-5 font-medium sm:table-cell">{t('auth.username')}</th>
                  <th scope="col" className="px-4 py-3 font-medium sm:px-5">{t('auth.role')}</th>
                  <th scope="col" className="px-4 py-3 font-medium sm:px-5">{t('settings.status')}</th>
                  <th scope="col" className="hidden px-3 py-3 sm:px-5 font-medium md:table-cell">{t('dashboard.lastAccess')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {users.data.items.map((user) => (
                  <tr key={user.id}>
                    <td className="px-3 py-3 sm:px-5 text-foreground">
                      <span className="font-medium">{user.name}</span>
                      <span className="block text-xs text-muted-foreground sm:hidden">{user.username}</span>
                    </td>
                    <td className="hidden px-3 py-3 sm:px-5 text-muted-foreground sm:table-cell">{user.username}</td>
                    <td className="px-3 py-3 sm:px-5">{t(`roles.${user.role}`)}</td>
                    <td className="px-3 py-3 sm:px-5">
                      <Badge tone={user.disabled ? 'danger' : 'success'}>{user.disabled ? t('settings.disabled') : t('settings.active')}</Badge>
                    </td>
                    <td className="hidden px-3 py-3 sm:px-5 whitespace-nowrap text-muted-foreground md:table-cell">{formatDateTime(user.lastAccess) ?? t('common.notAvailable')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
  );
}
