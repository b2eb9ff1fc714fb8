import { Download, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { privacyAuditExportUrl, usePrivacyAudit, type PrivacyAuditEntry } from '../api/get-privacy-audit';
import { auditActionText } from '../privacy-terms';

/** The record of operations on personal data (who did what, when, from where), 30 at a time, and its export. */
export function PrivacyAuditLog() {
  const { t, i18n } = useTranslation();
  const audit = usePrivacyAudit();
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('privacy.audit.title')}</CardTitle>
          <p className="max-w-2xl text-sm text-muted-foreground">{t('privacy.audit.description')}</p>
        </div>
        <Button asChild variant="outline">
          <a href={privacyAuditExportUrl(i18n.language)} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('privacy.audit.export')}
          </a>
        </Button>
      </CardHeader>
      {audit.isPending ? (
        <PageSpinner />
      ) : audit.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(audit.error, t)}
        </p>
      ) : items.length === 0 ? (
        <div className="px-3 py-4 sm:px-5">
          <EmptyState icon={History} title={t('privacy.audit.empty')} />
        </div>
      ) : (
        <>
          <ol className="divide-y divide-border" aria-label={t('privacy.audit.title')} data-testid="privacy-audit">
            {items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {audit.hasNextPage && (
            <div className="flex justify-center border-t border-border p-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void audit.fetchNextPage()}
                disabled={audit.isFetchingNextPage}
              >
                {audit.isFetchingNextPage && <Spinner />}
                {t('privacy.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function AuditRow({ entry }: { entry: PrivacyAuditEntry }) {
  const { t } = useTranslation();
  const who = entry.userName
    ? entry.apiKeyName
      ? t('privacy.audit.withKey', { name: entry.userName, key: entry.apiKeyName })
      : entry.userName
    : entry.apiKeyName
      ? t('privacy.audit.apiKey', { key: entry.apiKeyName })
      : t('privacy.audit.system');
  return (
    <li
      className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4"
      data-testid="privacy-audit-entry"
      data-action={entry.action}
    >
      <div className="min-w-0">
        <p className="font-medium break-words">{auditActionText(entry, t)}</p>
        <p className="mt-1 flex flex-wrap gap-x-2 text-muted-foreground">
          <span>{who}</span>
          {entry.contactId !== null && (
            <>
              <span aria-hidden="true">·</span>
              <Link
                to={`/crm/contacts/${entry.contactId}`}
                className="rounded-sm text-primary underline-offset-2 hover:underline focus-ring"
              >
                {t('privacy.audit.contact', { id: entry.contactId })}
              </Link>
            </>
          )}
          <span aria-hidden="true">·</span>
          <span>{entry.address ?? t('privacy.audit.unknownAddress')}</span>
        </p>
      </div>
      <time dateTime={entry.at} className="text-xs whitespace-nowrap text-muted-foreground sm:text-sm">
        {formatDateTime(entry.at)}
      </time>
    </li>
  );
}
