import * as Tabs from '@radix-ui/react-tabs';
import { Archive, ArchiveRestore, Pencil, Pin, PinOff, Plus, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { tabTriggerClass } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import { labelIn, useCustomFields, type CustomField, type CustomFieldEntity } from '../../../lib/api/custom-fields';
import { errorMessage } from '../../../lib/errors';
import { useMoveCustomField, useRetireCustomField, useUpdateCustomField } from '../api/custom-field-mutations';
import { CUSTOM_FIELD_ENTITIES, isSelectType, moveOf } from '../custom-field-form';
import { CustomFieldDialog } from './custom-field-dialog';
import { SortableList } from './stage-sortable-list';

const isEntity = (value: string | null): value is CustomFieldEntity =>
  CUSTOM_FIELD_ENTITIES.some((entity) => entity === value);

/** A select's offered options: their labels when few, else how many. */
const OPTIONS_LISTED = 3;

/**
 * The custom fields tab: one kind of record at a time (kept in the URL, ?entity=), its offered fields in the order forms
 * show them (add, edit, reorder, retire), then its retired ones (restore: their values were kept).
 */
export function CustomFieldsSettings() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('entity');
  const entity: CustomFieldEntity = isEntity(requested) ? requested : 'contact';
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);

  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'contact') next.delete('entity');
        else next.set('entity', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('customFieldSettings.title')}</CardTitle>
          <p className="max-w-2xl text-sm text-muted-foreground">{t('customFieldSettings.description')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('customFieldSettings.add')}
        </Button>
      </CardHeader>
      <Tabs.Root value={entity} onValueChange={choose}>
        <div className="border-b border-border px-3 py-3 sm:px-5">
          <Tabs.List
            aria-label={t('customFieldSettings.entitiesLabel')}
            className="flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1"
          >
            {CUSTOM_FIELD_ENTITIES.map((key) => (
              <Tabs.Trigger key={key} value={key} className={tabTriggerClass}>
                {t(`customFieldSettings.entities.${key}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        {CUSTOM_FIELD_ENTITIES.map((key) => (
          <Tabs.Content key={key} value={key} className="focus-ring">
            {key === entity && <EntityFields entity={key} onEdit={setEditing} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {editing && (
        <CustomFieldDialog
          entity={entity}
          field={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

function EntityFields({ entity, onEdit }: { entity: CustomFieldEntity; onEdit: (field: CustomField) => void }) {
  const { t, i18n } = useTranslation();
  const fields = useCustomFields(entity, true);
  const move = useMoveCustomField();
  const update = useUpdateCustomField();
  const [retiring, setRetiring] = useState<CustomField | null>(null);
  const nameOf = (field: CustomField) => labelIn(field.label, i18n.language);

  if (fields.isPending) return <PageSpinner />;
  if (fields.isError)
    return (
      <p role="alert" className="px-5 py-4 text-sm text-danger">
        {errorMessage(fields.error, t)}
      </p>
    );
  const all = fields.data.items;
  const offered = all.filter((field) => !field.retired);
  const retired = all.filter((field) => field.retired);
  // A card has room for two (the server's MAX_PINNED).
  const roomToPin = offered.filter((field) => field.pinned).length < 2;

  /** One change to a field from its row (pin, unpin, restore), with a toast saying what was done or why not. */
  const change = (field: CustomField, body: { pinned?: boolean; retired?: boolean }, done: string) =>
    update.mutate(
      { id: field.id, body: { ...body, updatedAt: field.updatedAt } },
      {
        onSuccess: () => toast({ title: t(done, { name: nameOf(field) }) }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('customFieldSettings.saveFailed'),
            description: errorMessage(error, t),
          }),
      },
    );
  const togglePin = (field: CustomField) =>
    change(
      field,
      { pinned: !field.pinned },
      field.pinned ? 'customFieldSettings.unpinned' : 'customFieldSettings.pinned',
    );
  const restore = (field: CustomField) => change(field, { retired: false }, 'customFieldSettings.restored');

  return (
    <>
      {offered.length === 0 ? (
        <div className="px-3 py-4 sm:px-5">
          <EmptyState
            icon={SlidersHorizontal}
            title={t('customFieldSettings.empty.title')}
            description={t(`customFieldSettings.empty.description.${entity}`)}
          />
        </div>
      ) : (
        <SortableList
          id={`custom-fields-${entity}`}
          label={t(`customFieldSettings.listLabel.${entity}`)}
          items={offered}
          nameOf={nameOf}
          disabled={move.isPending}
          onReorder={(ids) => {
            const moved = moveOf(all, ids);
            if (!moved) return;
            move.mutate(
              { entity, ...moved },
              {
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: t('customFieldSettings.reorderFailed'),
                    description: errorMessage(error, t),
                  }),
              },
            );
          }}
          renderRow={(field) => <FieldSummary field={field} />}
          actions={(field) => (
            <>
              <Button
                variant="ghost"
                size="iconSm"
                aria-pressed={field.pinned}
                aria-label={t('customFieldSettings.pin', { name: nameOf(field) })}
                title={!field.pinned && !roomToPin ? t('customFieldSettings.pinFull') : undefined}
                disabled={update.isPending || (!field.pinned && !roomToPin)}
                onClick={() => togglePin(field)}
              >
                {field.pinned ? (
                  <PinOff className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Pin className="h-4 w-4" aria-hidden="true" />
                )}
              </Button>
              <Button
                variant="ghost"
                size="iconSm"
                aria-label={t('customFieldSettings.edit', { name: nameOf(field) })}
                onClick={() => onEdit(field)}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="iconSm"
                aria-label={t('customFieldSettings.retire', { name: nameOf(field) })}
                onClick={() => setRetiring(field)}
              >
                <Archive className="h-4 w-4" aria-hidden="true" />
              </Button>
            </>
          )}
        />
      )}
      {retired.length > 0 && (
        <section aria-labelledby={`retired-fields-${entity}`} className="border-t border-border">
          <h3
            id={`retired-fields-${entity}`}
            className="px-3 pt-4 pb-1 text-sm font-semibold text-muted-foreground sm:px-5"
          >
            {t('customFieldSettings.retiredTitle')}
          </h3>
          <ul className="divide-y divide-border" data-testid="retired-fields">
            {retired.map((field) => (
              <li key={field.id} className="flex flex-wrap items-center gap-3 px-3 py-3 sm:px-5">
                <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
                  <span className="min-w-0 break-words text-muted-foreground line-through decoration-muted-foreground/60">
                    {nameOf(field)}
                  </span>
                  <span className="font-mono text-xs break-all text-muted-foreground">{field.key}</span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="ml-auto"
                  onClick={() => restore(field)}
                  disabled={update.isPending}
                  aria-label={t('customFieldSettings.restore', { name: nameOf(field) })}
                >
                  <ArchiveRestore className="h-4 w-4" aria-hidden="true" />
                  {t('customFieldSettings.restoreShort')}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {retiring && <RetireFieldDialog field={retiring} onClose={() => setRetiring(null)} />}
    </>
  );
}

/** A field's row: its label, then its key, type, and a select's options. */
function FieldSummary({ field }: { field: CustomField }) {
  const { t, i18n } = useTranslation();
  const offered = field.options.filter((option) => !option.retired);
  return (
    <div className="grid min-w-0 gap-0.5" data-testid="custom-field-row">
      <p className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="min-w-0 font-medium break-words" data-testid="custom-field-name">
          {labelIn(field.label, i18n.language)}
        </span>
        {field.required && <Badge tone="primary">{t('customFieldSettings.requiredBadge')}</Badge>}
        {field.pinned && <Badge>{t('customFieldSettings.pinnedBadge')}</Badge>}
      </p>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="font-mono break-all">{field.key}</span>
        <span aria-hidden="true">·</span>
        <span>{t(`customFieldSettings.types.${field.type}`)}</span>
        {isSelectType(field.type) && (
          <>
            <span aria-hidden="true">·</span>
            <span className="min-w-0 break-words">
              {offered.length <= OPTIONS_LISTED
                ? offered.map((option) => labelIn(option.label, i18n.language)).join(', ')
                : t('customFieldSettings.optionCount', { count: offered.length })}
            </span>
          </>
        )}
      </p>
    </div>
  );
}

function RetireFieldDialog({ field, onClose }: { field: CustomField; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const retire = useRetireCustomField();
  const name = labelIn(field.label, i18n.language);
  return (
    <ConfirmDialog
      title={t('customFieldSettings.retireDialog.title', { name })}
      description={t('customFieldSettings.retireDialog.description')}
      confirmLabel={t('customFieldSettings.retireDialog.confirm')}
      pending={retire.isPending}
      onClose={onClose}
      onConfirm={() =>
        retire.mutate(field.id, {
          onSuccess: () => {
            toast({ title: t('customFieldSettings.retired', { name }) });
            onClose();
          },
        })
      }
    >
      {retire.isError && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(retire.error, t)}
        </p>
      )}
    </ConfirmDialog>
  );
}
