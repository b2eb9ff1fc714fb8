import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useUser } from '../../../lib/session';
import { NotificationSettingsForm } from '../components/notification-settings-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';
import { SessionsList } from '../components/sessions-list';
import { ApiKeysCard } from '../../../components/account/api-keys-card';

export function ProfilePage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileForm user={user} />
        <PasswordForm />
        <NotificationSettingsForm />
        <div className="lg:col-span-2">
          <SessionsList />
        </div>
        <div className="lg:col-span-2">
          <ApiKeysCard />
        </div>
      </div>
    </>
  );
}
