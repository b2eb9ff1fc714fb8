import { Archive, ArchiveRestore, Pencil, Plus, Trash2 } from 'lucide-react';
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
import { DEFAULT_PIPELINE, pipelineLabel, usePipelines, type Pipeline } from '../../../lib/api/get-stages';
import { errorMessage } from '../../../lib/errors';
import { useCreatePipeline, useDeletePipeline, useUpdatePipeline } from '../api/pipeline-mutations';
import { RenameDialog } from './rename-dialog';

type T = (key: string, options?: Record<string, unknown>) => string;

// The server's bounds (pipelines.schemas.ts).
const nameSchema = (t: T) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(60, t('validation.maxLength', { count: 60 })),
  });

/** A key from a name: "Renovações 2027" -> "renovacoes-2027" (lower-case letters, digits and '-', at most 40). */
const keyOf = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'funil';

/**
 * The pipelines card (stages tab): add one (with the seeded stages, its key made from its name), rename, archive or
 * restore, delete (refused while it holds deals). The default pipeline is neither archived nor deleted.
 */
export function PipelinesSettings() {
  const { t } = useTranslation();
  const pipelines = usePipelines(true);
  const update = useUpdatePipeline();
  const [renaming, setRenaming] = useState<Pipeline | null>(null);
  const [deleting, setDeleting] = useState<Pipeline | null>(null);
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: t('pipelineSettings.saveFailed'), description: errorMessage(error, t) });
  const setArchived = (pipeline: Pipeline, archived: boolean) =>
    update.mutate(
      { key: pipeline.key, body: { archived, updatedAt: pipeline.updatedAt } },
      {
        onSuccess: () =>
          toast({
            title: t(archived ? 'pipelineSettings.archived' : 'pipelineSettings.restored', {
              name: pipelineLabel(pipeline, t),
            }),
          }),
        onError: failed,
      },
    );

  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('pipelineSettings.title')}</CardTitle>
          <p className="text-sm text-muted-foreground">{t('pipelineSettings.description')}</p>
        </div>
      </CardHeader>
      <AddPipelineForm />
      {pipelines.isPending ? (
        <PageSpinner />
      ) : pipelines.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(pipelines.error, t)}
        </p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('pipelineSettings.listLabel')}>
          {pipelines.data.items.map((pipeline) => {
            const name = pipelineLabel(pipeline, t);
            const isDefault = pipeline.key === DEFAULT_PIPELINE;
            return (
              <li key={pipeline.key} className="flex items-center gap-3 px-3 py-3 sm:px-5" data-testid="pipeline-row">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2">
                    <span
                      className={
                        pipeline.archived
                          ? 'min-w-0 break-words text-muted-foreground line-through'
                          : 'min-w-0 font-medium break-words'
                      }
                      data-testid="pipeline-name"
                    >
                      {name}
                    </span>
                    {isDefault && <Badge>{t('pipelineSettings.default')}</Badge>}
                    {pipeline.archived && <Badge>{t('pipelineSettings.archivedBadge')}</Badge>}
                  </p>
                  <p className="truncate font-mono text-xs text-muted-foreground">{pipeline.key}</p>
                </div>
                <Button
                  variant="ghost"
                  size="iconSm"
                  aria-label={t('pipelineSettings.rename', { name })}
                  onClick={() => setRenaming(pipeline)}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </Button>
                {!isDefault && (
                  <>
                    <Button
                      variant="ghost"
                      size="iconSm"
                      disabled={update.isPending}
                      aria-label={t(pipeline.archived ? 'pipelineSettings.restore' : 'pipelineSettings.archive', {
                        name,
                      })}
                      onClick={() => setArchived(pipeline, !pipeline.archived)}
                    >
                      {pipeline.archived ? (
                        <ArchiveRestore className="h-4 w-4" aria-hidden="true" />
                      ) : (
                        <Archive className="h-4 w-4" aria-hidden="true" />
                      )}
                    </Button>
                    <Button
                      variant="ghost"
                      size="iconSm"
                      aria-label={t('pipelineSettings.delete', { name })}
                      onClick={() => setDeleting(pipeline)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {renaming && <RenamePipelineDialog pipeline={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeletePipelineDialog pipeline={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}

function AddPipelineForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => nameSchema(t), [t]);
  const form = useSchemaForm(schema, { name: '' });
  const create = useCreatePipeline();
  return (
    <div className="border-b border-border px-3 py-4 sm:px-5">
      <Form
        form={form}
        id="new-pipeline"
        className="sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
        onSubmit={async ({ name }) => {
          await create.mutateAsync({ key: keyOf(name), name });
          toast({ title: t('pipelineSettings.created', { name }) });
          form.reset({ name: '' });
        }}
        onError={(error, { onField }) =>
          !onField &&
          toast({
            variant: 'destructive',
            title: t('pipelineSettings.saveFailed'),
            description: errorMessage(error, t),
          })
        }
      >
        <FormField
          control={form.control}
          name="name"
          label={t('pipelineSettings.addLabel')}
          description={t('pipelineSettings.addHint')}
          render={(field) => <Input {...field} autoComplete="off" maxLength={60} />}
        />
        <Button type="submit" disabled={create.isPending} className="sm:mt-7">
          {create.isPending ? <Spinner /> : <Plus className="h-4 w-4" aria-hidden="true" />}
          {t('pipelineSettings.add')}
        </Button>
      </Form>
    </div>
  );
}

function RenamePipelineDialog({ pipeline, onClose }: { pipeline: Pipeline; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdatePipeline();
  return (
    <RenameDialog
      id="pipeline"
      title={t('pipelineSettings.renameTitle')}
      description={t('pipelineSettings.renameDescription')}
      label={t('pipelineSettings.fields.name')}
      name={pipelineLabel(pipeline, t)}
      maxLength={60}
      saveLabel={t('pipelineSettings.save')}
      failedTitle={t('pipelineSettings.saveFailed')}
      pending={update.isPending}
      onSave={async (name) => {
        await update.mutateAsync({ key: pipeline.key, body: { name, updatedAt: pipeline.updatedAt } });
        toast({ title: t('pipelineSettings.renamed', { name }) });
      }}
      onClose={onClose}
    />
  );
}

function DeletePipelineDialog({ pipeline, onClose }: { pipeline: Pipeline; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePipeline();
  const name = pipelineLabel(pipeline, t);
  return (
    <ConfirmDialog
      title={t('pipelineSettings.deleteDialog.title', { name })}
      description={t('pipelineSettings.deleteDialog.description')}
      confirmLabel={t('pipelineSettings.deleteDialog.confirm')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(pipeline.key, {
          onSuccess: () => {
            toast({ title: t('pipelineSettings.deleted', { name }) });
            onClose();
          },
        })
      }
    >
      {remove.isError && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(remove.error, t)}
        </p>
      )}
    </ConfirmDialog>
  );
}
