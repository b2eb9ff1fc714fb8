import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { useHomeSection } from '../api/get-home-section';
import { HomeCard, HomeEmpty } from './home-card';

/** The last contacts the person created, changed or wrote about, newest first. */
export function RecentContactsSection({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const contacts = useHomeSection('recent-contacts', userId);
  return (
    <HomeCard id="home-recent-contacts" title={t('home.recent.title')} query={contacts}>
      {(data) =>
        data.items.length === 0 ? (
          <HomeEmpty title={t('home.recent.empty')}>
            <Link to="/crm/contacts" className="rounded-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('home.recent.emptyHint')}
            </Link>
          </HomeEmpty>
        ) : (
          <ul className="divide-y divide-border">
            {data.items.map((contact) => (
              <li key={contact.id} className="flex items-center justify-between gap-3 py-2">
                <Link
                  to={`/crm/contacts/${contact.id}`}
                  className="min-w-0 truncate rounded-sm text-sm font-medium text-foreground hover:underline focus-ring"
                >
                  {contact.name}
                </Link>
                <time dateTime={contact.touchedAt} className="shrink-0 text-xs text-muted-foreground">
                  {formatDateTime(contact.touchedAt)}
                </time>
              </li>
            ))}
          </ul>
        )
      }
    </HomeCard>
  );
}
