import { Code, FileInput, Inbox, Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useLeadForms, type LeadForm } from '../api/get-lead-forms';
import { useDeleteLeadForm, useUpdateLeadForm } from '../api/lead-form-mutations';
import { LeadFormDialog } from './lead-form-dialog';
import { LeadFormEmbedDialog } from './lead-form-embed-dialog';
import { LeadFormSubmissionsDialog } from './lead-form-submissions-dialog';

/** A person's name from the team list (null: not there, or the list not read yet). */
type OwnerName = (id: number | null) => string | null;

/**
 * The web-to-lead forms tab: the forms a site embeds to bring leads in as contacts (build, edit, pause and resume,
 * delete), the snippets that publish each one, and what each one brought.
 */
export function LeadFormsSettings() {
  const { t } = useTranslation();
  const forms = useLeadForms();
  const people = useUserChoices(true);
  const [editing, setEditing] = useState<LeadForm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LeadForm | null>(null);
  const [embedOf, setEmbedOf] = useState<LeadForm | null>(null);
  const [logOf, setLogOf] = useState<LeadForm | null>(null);
  const remove = useDeleteLeadForm();
  const ownerName: OwnerName = (id) =>
    id === null ? null : (people.data?.items.find((person) => person.id === id)?.name ?? null);
  const enabled = (id: number | null) => people.data?.items.some((person) => person.id === id && !person.disabled);
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('leadForms.title')}</CardTitle>
          <p className="max-w-2xl text-sm text-muted-foreground">{t('leadForms.description')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('leadForms.new')}
        </Button>
      </CardHeader>
      {forms.isPending ? (
        <PageSpinner />
      ) : forms.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(forms.error, t)}
        </p>
      ) : forms.data.items.length === 0 ? (
        <div className="px-3 py-4 sm:px-5">
          <EmptyState icon={FileInput} title={t('leadForms.empty')} description={t('leadForms.emptyHint')} />
        </div>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('leadForms.title')}>
          {forms.data.items.map((form) => (
            <FormRow
              key={form.id}
              form={form}
              ownerName={people.data ? ownerName : undefined}
              enabled={enabled}
              onEdit={() => setEditing(form)}
              onDelete={() => setDeleting(form)}
              onEmbed={() => setEmbedOf(form)}
              onShowLog={() => setLogOf(form)}
            />
          ))}
        </ul>
      )}
      {editing && <LeadFormDialog form={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {embedOf && (
        <LeadFormEmbedDialog
          // The list's copy: a pause or an edit made meanwhile shows here.
          form={forms.data?.items.find((form) => form.id === embedOf.id) ?? embedOf}
          onClose={() => setEmbedOf(null)}
        />
      )}
      {logOf && <LeadFormSubmissionsDialog form={logOf} ownerName={ownerName} onClose={() => setLogOf(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('leadForms.deleteTitle', { name: deleting.name })}
          description={t('leadForms.deleteDescription', { slug: deleting.slug })}
          confirmLabel={t('leadForms.delete')}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast({ title: t('leadForms.deleted') }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('leadForms.saveFailed'),
                  description: errorMessage(error, t),
                }),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </Card>
  );
}

function FormRow({
  form,
  ownerName,
  enabled,
  onEdit,
  onDelete,
  onEmbed,
  onShowLog,
}: {
  form: LeadForm;
  /** Undefined while the team is read. */
  ownerName: OwnerName | undefined;
  enabled: (id: number | null) => boolean | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onEmbed: () => void;
  onShowLog: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateLeadForm();
  const setActive = (active: boolean) =>
    update.mutate(
      { id: form.id, body: { active } },
      {
        onSuccess: () => toast({ title: t(active ? 'leadForms.resumed' : 'leadForms.paused') }),
        onError: (error) =>
          toast({ variant: 'destructive', title: t('leadForms.saveFailed'), description: errorMessage(error, t) }),
      },
    );
  return (
    <li
      className="grid gap-3 px-3 py-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start"
      data-testid="lead-form"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium break-words" data-testid="lead-form-name">
            {form.name}
          </span>
          <Badge tone={form.active ? 'success' : 'neutral'} data-testid="lead-form-status">
            {t(form.active ? 'leadForms.status.active' : 'leadForms.status.paused')}
          </Badge>
        </p>
        <p className="min-w-0 font-mono text-sm break-all text-muted-foreground" data-testid="lead-form-path">
          /f/{form.slug}
        </p>
        <p className="text-xs text-muted-foreground">
          <span data-testid="lead-form-submission-count">
            {t('leadForms.submissionCount', { count: form.submissions, formatted: formatInteger(form.submissions) })}
          </span>
          {ownerName && (
            <>
              {' · '}
              <span data-testid="lead-form-owners">
                <Owners form={form} ownerName={ownerName} enabled={enabled} />
              </span>
            </>
          )}
          {' · '}
          {t('leadForms.createdAt', { at: formatDateTime(form.createdAt) })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onEmbed}>
          <Code className="h-4 w-4" aria-hidden="true" />
          {t('leadForms.embed.open')}
        </Button>
        <Button variant="outline" size="sm" onClick={onShowLog}>
          <Inbox className="h-4 w-4" aria-hidden="true" />
          {t('leadForms.submissions.open')}
        </Button>
        <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => setActive(!form.active)}>
          {form.active ? (
            <Pause className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Play className="h-4 w-4" aria-hidden="true" />
          )}
          {t(form.active ? 'leadForms.pause' : 'leadForms.resume')}
        </Button>
        <Button variant="ghost" size="iconSm" aria-label={t('leadForms.edit', { name: form.name })} onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="iconSm"
          aria-label={t('leadForms.deleteNamed', { name: form.name })}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/**
 * Who gets the leads: one person, people in turn, or (none chosen) the form's author, or an admin once the author is
 * gone or disabled (forms.service.ts).
 */
function Owners({
  form,
  ownerName,
  enabled,
}: {
  form: LeadForm;
  ownerName: OwnerName;
  enabled: (id: number | null) => boolean | undefined;
}) {
  const { t } = useTranslation();
  const someone = t('leadForms.someone');
  if (form.ownerIds.length === 0) {
    const author = enabled(form.createdBy) ? ownerName(form.createdBy) : null;
    return <>{author ? t('leadForms.ownersAuthor', { name: author }) : t('leadForms.ownersAnyAdmin')}</>;
  }
  const names = form.ownerIds.map((id) => ownerName(id) ?? someone).join(', ');
  return <>{t(form.ownerIds.length === 1 ? 'leadForms.ownersOne' : 'leadForms.ownersTurns', { names })}</>;
}
