import { Archive, ArchiveRestore, Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useCreateLostReason } from '../api/lost-reason-create';
import { useAllLostReasons, type SettingsLostReason } from '../api/lost-reason-list';
import { useReorderLostReasons } from '../api/lost-reason-reorder';
import { useUpdateLostReason } from '../api/lost-reason-update';
import { RenameDialog } from './rename-dialog';
import { SortableList } from './stage-sortable-list';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The reason whose deals get free text; it keeps its (translated) name. */
const FREE_TEXT = 'other';

/** A seeded reason shows its key's translation (the board's own keys) until an admin names it. */
const reasonName = (reason: SettingsLostReason, t: T) =>
  reason.label ?? t(`pipeline.lostReasons.${reason.key}`, { defaultValue: reason.key });

// The server's bounds (lost-reasons.schemas.ts).
const labelSchema = (t: T) =>
  z.object({
    label: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(80, t('validation.maxLength', { count: 80 })),
  });

/** The lost reasons tab: the offered ones in the board's order (add, rename, reorder, retire), then the retired ones (restore). */
export function LostReasonsSettings() {
  const { t } = useTranslation();
  const reasons = useAllLostReasons();
  const reorder = useReorderLostReasons();
  const update = useUpdateLostReason();
  const [renaming, setRenaming] = useState<SettingsLostReason | null>(null);
  const [retiring, setRetiring] = useState<SettingsLostReason | null>(null);
  const active = reasons.data?.items.filter((r) => r.active) ?? [];
  const retired = reasons.data?.items.filter((r) => !r.active) ?? [];

  const restore = (reason: SettingsLostReason) =>
    update.mutate(
      { id: reason.id, body: { active: true, updatedAt: reason.updatedAt } },
      {
        onSuccess: () => toast({ title: t('lostReasonSettings.restored', { name: reasonName(reason, t) }) }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('lostReasonSettings.saveFailed'),
            description: errorMessage(error, t),
          }),
      },
    );

  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('lostReasonSettings.title')}</CardTitle>
          <p className="text-sm text-muted-foreground">{t('lostReasonSettings.description')}</p>
        </div>
      </CardHeader>
      <AddReasonForm />
      {reasons.isPending ? (
        <PageSpinner />
      ) : reasons.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(reasons.error, t)}
        </p>
      ) : (
        <>
          <SortableList
            id="lost-reasons"
            label={t('lostReasonSettings.listLabel')}
            items={active}
            nameOf={(reason) => reasonName(reason, t)}
            disabled={reorder.isPending}
            onReorder={(ids) =>
              reorder.mutate(ids, {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: t('lostReasonSettings.reorderFailed'),
                    description: errorMessage(error, t),
                  }),
              })
            }
            renderRow={(reason) => (
              <p className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium break-words" data-testid="reason-name">
                  {reasonName(reason, t)}
                </span>
                {reason.key === FREE_TEXT && <Badge>{t('lostReasonSettings.freeText')}</Badge>}
              </p>
            )}
            actions={(reason) => (
              <>
                <Button
                  variant="ghost"
                  size="iconSm"
                  disabled={reason.key === FREE_TEXT}
                  title={reason.key === FREE_TEXT ? t('lostReasonSettings.otherKeepsName') : undefined}
                  aria-label={t('lostReasonSettings.rename', { name: reasonName(reason, t) })}
                  onClick={() => setRenaming(reason)}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="iconSm"
                  aria-label={t('lostReasonSettings.retire', { name: reasonName(reason, t) })}
                  onClick={() => setRetiring(reason)}
                >
                  <Archive className="h-4 w-4" aria-hidden="true" />
                </Button>
              </>
            )}
          />
          {retired.length > 0 && (
            <section aria-labelledby="retired-reasons" className="border-t border-border">
              <h3 id="retired-reasons" className="px-3 pt-4 pb-1 text-sm font-semibold text-muted-foreground sm:px-5">
                {t('lostReasonSettings.retiredTitle')}
              </h3>
              <ul className="divide-y divide-border" data-testid="retired-reasons">
                {retired.map((reason) => (
                  <li key={reason.id} className="flex items-center gap-3 px-3 py-3 sm:px-5">
                    <span className="min-w-0 flex-1 truncate text-muted-foreground line-through decoration-muted-foreground/60">
                      {reasonName(reason, t)}
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => restore(reason)}
                      disabled={update.isPending}
                      aria-label={t('lostReasonSettings.restore', { name: reasonName(reason, t) })}
                    >
                      <ArchiveRestore className="h-4 w-4" aria-hidden="true" />
                      {t('lostReasonSettings.restoreShort')}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {renaming && <RenameReasonDialog reason={renaming} onClose={() => setRenaming(null)} />}
      {retiring && <RetireReasonDialog reason={retiring} onClose={() => setRetiring(null)} />}
    </Card>
  );
}

function AddReasonForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => labelSchema(t), [t]);
  const form = useSchemaForm(schema, { label: '' });
  const create = useCreateLostReason();
  return (
    <div className="border-b border-border px-3 py-4 sm:px-5">
      <Form
        form={form}
        id="new-lost-reason"
        className="sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
        onSubmit={async ({ label }) => {
          await create.mutateAsync(label);
          toast({ title: t('lostReasonSettings.created', { name: label }) });
          form.reset({ label: '' });
        }}
        onError={(error, { onField }) =>
          !onField &&
          toast({
            variant: 'destructive',
            title: t('lostReasonSettings.saveFailed'),
            description: errorMessage(error, t),
          })
        }
      >
        <FormField
          control={form.control}
          name="label"
          label={t('lostReasonSettings.addLabel')}
          render={(field) => (
            <Input {...field} autoComplete="off" maxLength={80} placeholder={t('lostReasonSettings.addPlaceholder')} />
          )}
        />
        <Button type="submit" disabled={create.isPending} className="sm:mt-7">
          {create.isPending ? <Spinner /> : <Plus className="h-4 w-4" aria-hidden="true" />}
          {t('lostReasonSettings.add')}
        </Button>
      </Form>
    </div>
  );
}

function RenameReasonDialog({ reason, onClose }: { reason: SettingsLostReason; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateLostReason();
  return (
    <RenameDialog
      id="lost-reason"
      title={t('lostReasonSettings.renameTitle')}
      description={t('lostReasonSettings.renameDescription')}
      label={t('lostReasonSettings.fields.label')}
      name={reasonName(reason, t)}
      maxLength={80}
      saveLabel={t('lostReasonSettings.save')}
      failedTitle={t('lostReasonSettings.saveFailed')}
      pending={update.isPending}
      onSave={async (label) => {
        await update.mutateAsync({ id: reason.id, body: { label, updatedAt: reason.updatedAt } });
        toast({ title: t('lostReasonSettings.renamed', { name: label }) });
      }}
      onClose={onClose}
    />
  );
}

function RetireReasonDialog({ reason, onClose }: { reason: SettingsLostReason; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateLostReason();
  const name = reasonName(reason, t);
  return (
    <ConfirmDialog
      title={t('lostReasonSettings.retireDialog.title', { name })}
      description={t('lostReasonSettings.retireDialog.description')}
      confirmLabel={t('lostReasonSettings.retireDialog.confirm')}
      pending={update.isPending}
      onClose={onClose}
      onConfirm={() =>
        update.mutate(
          { id: reason.id, body: { active: false, updatedAt: reason.updatedAt } },
          {
            onSuccess: () => {
              toast({ title: t('lostReasonSettings.retired', { name }) });
              onClose();
            },
          },
        )
      }
    >
      {update.isError && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(update.error, t)}
        </p>
      )}
    </ConfirmDialog>
  );
}
