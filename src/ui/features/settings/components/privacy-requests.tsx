import { FileJson, FileText, Plus, ShieldCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/select';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  privacyExportUrl,
  usePrivacyRequests,
  type PrivacyRequest,
  type PrivacyRequestStatus,
} from '../api/get-privacy-requests';
import { useUpdatePrivacyRequest } from '../api/privacy-request-mutations';
import { isOverdue, REQUEST_STATUSES } from '../privacy-terms';
import { AnonymizeDialog } from './anonymize-dialog';
import { PrivacyRequestDialog } from './privacy-request-dialog';

const STATUS_TONES: Record<PrivacyRequestStatus, BadgeProps['tone']> = {
  open: 'warning',
  in_progress: 'primary',
  completed: 'success',
  refused: 'neutral',
};

/** The data subjects' requests: log one, download what Funil holds, move it along, anonymize its contact. */
export function PrivacyRequests() {
  const { t } = useTranslation();
  const requests = usePrivacyRequests();
  const [creating, setCreating] = useState(false);
  const [anonymizing, setAnonymizing] = useState<PrivacyRequest | null>(null);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('privacy.requests.title')}</CardTitle>
          <p className="max-w-2xl text-sm text-muted-foreground">{t('privacy.requests.description')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('privacy.requests.new')}
        </Button>
      </CardHeader>
      {requests.isPending ? (
        <PageSpinner />
      ) : requests.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(requests.error, t)}
        </p>
      ) : items.length === 0 ? (
        <div className="px-3 py-4 sm:px-5">
          <EmptyState
            icon={ShieldCheck}
            title={t('privacy.requests.empty')}
            description={t('privacy.requests.emptyHint')}
          />
        </div>
      ) : (
        <>
          <ul className="divide-y divide-border" aria-label={t('privacy.requests.title')}>
            {items.map((request) => (
              <RequestRow key={request.id} request={request} onAnonymize={() => setAnonymizing(request)} />
            ))}
          </ul>
          {requests.hasNextPage && (
            <div className="flex justify-center border-t border-border p-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void requests.fetchNextPage()}
                disabled={requests.isFetchingNextPage}
              >
                {requests.isFetchingNextPage && <Spinner />}
                {t('privacy.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
      {creating && <PrivacyRequestDialog onClose={() => setCreating(false)} />}
      {anonymizing?.contactId != null && (
        <AnonymizeDialog
          contactId={anonymizing.contactId}
          contactName={anonymizing.contactName ?? ''}
          requestId={anonymizing.id}
          onClose={() => setAnonymizing(null)}
        />
      )}
    </Card>
  );
}

function RequestRow({ request, onAnonymize }: { request: PrivacyRequest; onAnonymize: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePrivacyRequest();
  const overdue = isOverdue(request);
  const statusId = `privacy-request-${request.id}-status`;
  const name = request.contactName ?? t('privacy.requests.contactGone');
  const setStatus = (status: PrivacyRequestStatus) =>
    update.mutate(
      { id: request.id, body: { status } },
      {
        onSuccess: () => toast({ title: t('privacy.requests.statusSaved') }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('privacy.requests.saveFailed'),
            description: errorMessage(error, t),
          }),
      },
    );
  return (
    <li className="grid gap-3 px-3 py-4 sm:px-5" data-testid="privacy-request">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          {request.contactId === null ? (
            <span className="min-w-0 font-medium break-words">{name}</span>
          ) : (
            <Link
              to={`/crm/contacts/${request.contactId}`}
              className="min-w-0 rounded-sm font-medium break-words text-primary underline-offset-2 hover:underline focus-ring"
            >
              {name}
            </Link>
          )}
          <Badge tone="primary">{t(`privacy.kinds.${request.kind}`)}</Badge>
          <Badge tone={STATUS_TONES[request.status]} data-testid="privacy-request-status">
            {t(`privacy.statuses.${request.status}`)}
          </Badge>
        </p>
        <p className="text-sm break-words">{t('privacy.requests.requester', { name: request.requesterName })}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className={overdue ? 'font-medium text-danger' : undefined} data-testid="privacy-request-due">
            {request.completedAt
              ? t('privacy.requests.completedAt', { at: formatDate(request.completedAt) })
              : t(overdue ? 'privacy.requests.overdue' : 'privacy.requests.due', { at: formatDate(request.dueAt) })}
          </span>
          <span aria-hidden="true">·</span>
          <span>
            {t('privacy.requests.loggedBy', {
              name: request.createdByName ?? t('privacy.someone'),
              at: formatDateTime(request.createdAt),
            })}
          </span>
        </p>
        {request.note && (
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{request.note}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-40">
          <label htmlFor={statusId} className="sr-only">
            {t('privacy.requests.statusOf', { name: request.requesterName })}
          </label>
          <Select
            id={statusId}
            value={request.status}
            disabled={update.isPending}
            onValueChange={setStatus}
            options={REQUEST_STATUSES.map((status) => ({ value: status, label: t(`privacy.statuses.${status}`) }))}
          />
        </div>
        {request.contactId !== null && (
          <>
            <Button asChild variant="outline" size="sm">
              <a href={privacyExportUrl(request.id, 'json')} download>
                <FileJson className="h-4 w-4" aria-hidden="true" />
                {t('privacy.requests.downloadJson')}
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={privacyExportUrl(request.id, 'html')} download>
                <FileText className="h-4 w-4" aria-hidden="true" />
                {t('privacy.requests.downloadReport')}
              </a>
            </Button>
            <Button variant="outline" size="sm" onClick={onAnonymize}>
              <UserX className="h-4 w-4" aria-hidden="true" />
              {t('privacy.anonymize.open')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
