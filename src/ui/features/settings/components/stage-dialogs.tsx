import { Check } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm, type FieldControlProps } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { useCreateStage } from '../api/stage-create';
import { useDeleteStage } from '../api/stage-delete';
import type { SettingsStage } from '../api/stage-list';
import { useUpdateStage } from '../api/stage-update';
import { STAGE_COLOR_PRESETS, isHexColor, themesWithLowContrast } from '../stage-colors';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The seeded pipeline's stage names are keys the UI translates (README); a stage someone named shows as written. */
export const stageName = (stage: string, t: T): string => t(`dealForm.stages.${stage}`, { defaultValue: stage });

const KINDS = ['open', 'won', 'lost'] as const;

// The server's bounds (deals.schemas.ts), checked here first so messages arrive translated.
function stageSchema(t: T) {
  const whole = (min: number, max: number, message: string) =>
    z.number({ error: message }).int(message).min(min, message).max(max, message);
  return z.object({
    stage: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(60, t('validation.maxLength', { count: 60 })),
    color: z.string().refine(isHexColor, t('stageSettings.invalidColor')),
    probability: whole(0, 100, t('stageSettings.invalidProbability')),
    staleDays: whole(1, 365, t('stageSettings.invalidStaleDays')),
    kind: z.enum(KINDS),
    updatedAt: z.string().optional(),
  });
}

/** A whole number typed in; an empty box is NaN, which the schema refuses with its message. */
const numberInput = <F extends { value: number; onChange: (value: number) => void }>(field: F) => ({
  ...field,
  type: 'number',
  inputMode: 'numeric' as const,
  step: 1,
  value: Number.isNaN(field.value) ? '' : field.value,
  onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
    field.onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber),
});

/** A stage added or edited: name (a rename moves its deals), colour, probability, stale days and kind. */
export function StageFormDialog({
  stage,
  dealCount,
  onClose,
}: {
  stage: SettingsStage | null;
  dealCount: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => stageSchema(t), [t]);
  const shownName = stage ? stageName(stage.stage, t) : '';
  const form = useSchemaForm(schema, {
    stage: shownName,
    color: stage?.color ?? STAGE_COLOR_PRESETS[0],
    probability: stage?.probability ?? 0,
    staleDays: stage?.staleDays ?? 14,
    kind: stage?.kind ?? 'open',
    updatedAt: stage?.updatedAt,
  });
  const create = useCreateStage();
  const update = useUpdateStage();
  const pending = create.isPending || update.isPending;
  // The kind decides whether its deals are closed: it changes only while the stage is empty (the server says so too).
  const kindLocked = stage !== null && dealCount !== 0;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={stage ? t('stageSettings.editTitle', { name: shownName }) : t('stageSettings.createTitle')}
        description={t('stageSettings.dialogDescription')}
      >
        <Form
          form={form}
          id="stage"
          onSubmit={async ({ stage: name, updatedAt, ...fields }) => {
            if (stage) {
              // An untouched seeded name stays its key (the board keeps translating it).
              const renamed = name !== shownName ? { stage: name } : {};
              const changed = Object.fromEntries(
                Object.entries(fields).filter(([key, value]) => stage[key as keyof typeof fields] !== value),
              );
              await update.mutateAsync({ id: stage.id, body: { ...renamed, ...changed, updatedAt } });
              toast({ title: t('stageSettings.updated') });
            } else {
              await create.mutateAsync({ stage: name, ...fields });
              toast({ title: t('stageSettings.created') });
            }
            onClose();
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('stageSettings.saveFailed'), description: errorMessage(error, t) })
          }
        >
          <FormField
            control={form.control}
            name="stage"
            label={t('stageSettings.fields.stage')}
            description={stage ? t('stageSettings.hints.rename') : undefined}
            render={(field) => <Input {...field} autoComplete="off" maxLength={60} />}
          />
          <FormField
            control={form.control}
            name="color"
            label={t('stageSettings.fields.color')}
            render={(field) => <ColorField {...field} />}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="probability"
              label={t('stageSettings.fields.probability')}
              description={t('stageSettings.hints.probability')}
              render={(field) => <Input {...numberInput(field)} min={0} max={100} />}
            />
            <FormField
              control={form.control}
              name="staleDays"
              label={t('stageSettings.fields.staleDays')}
              description={t('stageSettings.hints.staleDays')}
              render={(field) => <Input {...numberInput(field)} min={1} max={365} />}
            />
          </div>
          <FormField
            control={form.control}
            name="kind"
            label={t('stageSettings.fields.kind')}
            description={kindLocked ? t('stageSettings.hints.kindLocked') : t('stageSettings.hints.kind')}
            render={(field) => (
              <Select
                id={field.id}
                value={field.value}
                disabled={kindLocked}
                onValueChange={field.onChange}
                options={KINDS.map((kind) => ({ value: kind, label: t(`stageSettings.kinds.${kind}`) }))}
              />
            )}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {stage ? t('stageSettings.save') : t('stageSettings.create')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The hex text (labelled by the field), the browser's own picker, and presets that read on every theme. */
function ColorField({ value, onChange, disabled, ...field }: FieldControlProps<{ color: string }, 'color'>) {
  const { t } = useTranslation();
  const low = themesWithLowContrast(value);
  const hintId = `${field.id}-contrast`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={isHexColor(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          aria-label={t('stageSettings.colorPicker')}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-border bg-surface p-1 focus-ring"
          disabled={disabled}
        />
        <Input
          {...field}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value.trim())}
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
          aria-describedby={
            [field['aria-describedby'], low.length ? hintId : undefined].filter(Boolean).join(' ') || undefined
          }
        />
      </div>
      <div role="group" aria-label={t('stageSettings.presets')} className="flex flex-wrap gap-1.5">
        {STAGE_COLOR_PRESETS.map((preset) => {
          const chosen = value.toUpperCase() === preset;
          return (
            <button
              key={preset}
              type="button"
              aria-label={t('stageSettings.preset', { color: preset })}
              aria-pressed={chosen}
              onClick={() => onChange(preset)}
              className={cn(
                'flex h-7 w-7 items-center justify-center rounded-full border border-border focus-ring',
                chosen && 'ring-2 ring-foreground ring-offset-2 ring-offset-surface',
              )}
              style={{ backgroundColor: preset }}
            >
              {chosen && <Check className="h-4 w-4 text-white" aria-hidden="true" />}
            </button>
          );
        })}
      </div>
      {low.length > 0 && (
        <p id={hintId} className="text-xs text-warning">
          {t('stageSettings.lowContrast', {
            themes: low.map((theme) => t(`stageSettings.themes.${theme}`)).join(', '),
          })}
        </p>
      )}
    </div>
  );
}

const inUseCount = (error: unknown): number | null => {
  if (!(error instanceof ApiError) || error.server?.code !== 'STAGE.IN_USE') return null;
  const deals = (error.server.details as { deals?: unknown } | undefined)?.deals;
  return typeof deals === 'number' ? deals : null;
};

/**
 * Deleting a stage: an empty one goes at once; one holding deals asks where they go (a stage of the same
 * kind, so won deals stay won) and the server moves them and deletes the stage in one transaction.
 */
export function DeleteStageDialog({
  stage,
  stages,
  dealCount,
  onClose,
}: {
  stage: SettingsStage;
  stages: SettingsStage[];
  dealCount: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const remove = useDeleteStage();
  // The count may have grown since the list was read: the server's 409 brings the real one.
  const [count, setCount] = useState(dealCount ?? 0);
  const targets = stages.filter((s) => s.id !== stage.id && s.kind === stage.kind);
  const [moveTo, setMoveTo] = useState(targets[0]?.stage ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = stageName(stage.stage, t);
  const needsMove = count > 0;

  const confirm = () => {
    setError(null);
    remove.mutate(
      { id: stage.id, moveTo: needsMove ? moveTo : undefined },
      {
        onSuccess: () => {
          toast({
            title: needsMove
              ? t('stageSettings.deletedMoved', { count, name, target: stageName(moveTo, t) })
              : t('stageSettings.deleted', { name }),
          });
          onClose();
        },
        onError: (failure) => {
          const deals = inUseCount(failure);
          if (deals !== null) return setCount(deals);
          setError(errorMessage(failure, t));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('stageSettings.deleteDialog.title', { name })}
        description={
          needsMove ? t('stageSettings.deleteDialog.inUse', { count }) : t('stageSettings.deleteDialog.empty')
        }
      >
        {needsMove &&
          (targets.length > 0 ? (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-move-to`} className="text-sm font-medium">
                {t('stageSettings.deleteDialog.moveTo')}
              </label>
              <Select
                id={`${id}-move-to`}
                value={moveTo}
                onValueChange={setMoveTo}
                options={targets.map((s) => ({ value: s.stage, label: stageName(s.stage, t) }))}
              />
            </div>
          ) : (
            <p className="text-sm">
              {t('stageSettings.deleteDialog.noTarget', { kind: t(`stageSettings.kinds.${stage.kind}`) })}
            </p>
          ))}
        {error && (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending || (needsMove && !moveTo)}>
            {remove.isPending && <Spinner />}
            {needsMove ? t('stageSettings.deleteDialog.confirmMove') : t('stageSettings.deleteDialog.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
