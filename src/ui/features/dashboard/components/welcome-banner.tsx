import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { User } from '../../../lib/session';

export function WelcomeBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-lg border border-border bg-primary px-5 py-5 text-primary-foreground shadow-sm sm:px-6">
      <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">
        {t('dashboard.welcome', { name: user.name })}
      </h1>
      <p className="mt-2 flex items-center gap-2 text-sm opacity-95">
        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          {t('dashboard.lastAccess')}:{' '}
          <span data-testid="last-access">{formatDateTime(user.lastAccess) ?? t('common.notAvailable')}</span>
        </span>
      </p>
    </section>
  );
}
