import { Mail, Phone, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { useContacts } from '../api/get-contacts';
import { telLink } from '../contact-links';

/** A company's people (its contacts), newest first: each name opens the contact's page, with their role and ways to reach them. */
export function CompanyPeople({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const people = useContacts({ companyId });
  if (people.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  }
  if (people.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(people.error, t)}
      </p>
    );
  }
  const items = people.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <EmptyState
        icon={UsersRound}
        title={t('companyPage.peopleEmpty')}
        description={t('companyPage.peopleEmptyHint')}
      />
    );
  const link = 'inline-flex min-w-0 items-center gap-1 rounded-sm hover:text-foreground focus-ring';
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" data-testid="company-people">
        {items.map((person) => (
          <li key={person.id} data-testid="person-item" className="grid gap-1 rounded-md border border-border p-3">
            <div className="flex min-w-0 items-center justify-between gap-2">
              <Link
                to={`/crm/contacts/${person.id}`}
                className="min-w-0 truncate rounded-sm text-sm font-medium text-primary underline-offset-2 hover:underline focus-ring"
              >
                {person.name}
              </Link>
              <Badge className="shrink-0">{t(`contacts.status.${person.status}`)}</Badge>
            </div>
            {person.position && <p className="truncate text-xs text-muted-foreground">{person.position}</p>}
            {(person.email || person.phone) && (
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                {person.email && (
                  <a href={`mailto:${person.email}`} className={link}>
                    <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                    <span className="truncate">{person.email}</span>
                  </a>
                )}
                {person.phone && (
                  <a href={telLink(person.phone)} className={link}>
                    <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                    {person.phone}
                  </a>
                )}
              </p>
            )}
          </li>
        ))}
      </ul>
      {people.hasNextPage && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void people.fetchNextPage()}>
          {people.isFetchingNextPage && <Spinner />}
          {t('companyPage.more')}
        </Button>
      )}
    </div>
  );
}
