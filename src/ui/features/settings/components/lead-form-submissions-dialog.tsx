import { Inbox, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useLeadFormSubmissions } from '../api/get-lead-form-submissions';
import { refreshLeadForms, type LeadForm, type LeadFormSubmission } from '../api/get-lead-forms';

/**
 * A form's submissions, newest first: when, the contact it made or updated (a link to it), whether the visitor gave
 * consent, and who got the lead. Read when opened and on "Refresh"; older ones page by page.
 */
export function LeadFormSubmissionsDialog({
  form,
  ownerName,
  onClose,
}: {
  form: LeadForm;
  ownerName: (id: number | null) => string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const submissions = useLeadFormSubmissions(form.id);
  const items = submissions.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-3xl"
        title={t('leadForms.submissions.title', { name: form.name })}
        description={t('leadForms.submissions.description')}
      >
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={submissions.isFetching}
            onClick={() => void Promise.all([submissions.refetch(), refreshLeadForms()])}
          >
            {submissions.isRefetching ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
            {t('leadForms.submissions.refresh')}
          </Button>
        </div>
        {submissions.isPending ? (
          <PageSpinner />
        ) : submissions.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(submissions.error, t)}
          </p>
        ) : items.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title={t('leadForms.submissions.empty')}
            description={t('leadForms.submissions.emptyHint')}
          />
        ) : (
          <>
            <ol
              className="divide-y divide-border rounded-md border border-border"
              aria-label={t('leadForms.submissions.listLabel')}
              data-testid="lead-form-submissions"
            >
              {items.map((submission) => (
                <SubmissionRow key={submission.id} submission={submission} owner={ownerName(submission.ownerId)} />
              ))}
            </ol>
            {submissions.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void submissions.fetchNextPage()}
                  disabled={submissions.isFetchingNextPage}
                >
                  {submissions.isFetchingNextPage && <Spinner />}
                  {t('leadForms.submissions.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SubmissionRow({ submission, owner }: { submission: LeadFormSubmission; owner: string | null }) {
  const { t } = useTranslation();
  const contact = submission.contactName ?? t('leadForms.submissions.deletedContact');
  return (
    <li
      className="grid gap-1.5 px-3 py-2.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:items-baseline sm:gap-x-3"
      data-testid="lead-form-submission"
    >
      <time
        dateTime={submission.createdAt}
        className="text-xs whitespace-nowrap text-muted-foreground tabular-nums"
        data-testid="submission-time"
      >
        {formatDateTime(submission.createdAt)}
      </time>
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {submission.contactId !== null ? (
            <Link
              to={`/crm/contacts/${submission.contactId}`}
              className="min-w-0 text-sm font-medium break-words text-primary underline-offset-2 hover:underline focus-ring"
              data-testid="submission-contact"
            >
              {contact}
            </Link>
          ) : (
            <span className="text-sm text-muted-foreground" data-testid="submission-contact">
              {contact}
            </span>
          )}
          <Badge tone={submission.created ? 'success' : 'neutral'} data-testid="submission-kind">
            {t(submission.created ? 'leadForms.submissions.created' : 'leadForms.submissions.updated')}
          </Badge>
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
          <div className="flex gap-1">
            <dt>{t('leadForms.submissions.consent')}</dt>
            <dd className="font-medium text-foreground" data-testid="submission-consent">
              {t(submission.consent ? 'leadForms.submissions.yes' : 'leadForms.submissions.no')}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t('leadForms.submissions.owner')}</dt>
            <dd className="font-medium text-foreground" data-testid="submission-owner">
              {owner ?? t('leadForms.submissions.noOwner')}
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}
