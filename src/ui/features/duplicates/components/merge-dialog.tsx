import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import type { DuplicateGroup } from '../api/get-duplicates';
import { useRecordsToMerge } from '../api/get-merge-records';
import { useMergeRecords } from '../api/merge-records';
import {
  MERGE_FIELDS,
  defaultChoices,
  differingFields,
  isEmptyValue,
  joinedTags,
  mergeBody,
  oldestId,
  type DuplicateKind,
  type MergeChoices,
  type MergeRecord,
} from '../merge-choices';

/** A field's value as the list and the record's page show it: names for references, translated choices. */
function useValueText() {
  const { t } = useTranslation();
  return (record: MergeRecord, field: string): string | null => {
    const value = record[field];
    if (isEmptyValue(value)) return null;
    if (field === 'ownerId') return (record.ownerName as string | null) ?? `#${String(value)}`;
    if (field === 'companyId') return (record.company as string | null) ?? `#${String(value)}`;
    if (field === 'status') return t(`contacts.status.${String(value)}`, { defaultValue: String(value) });
    if (field === 'size') return t(`companies.size.${String(value)}`, { defaultValue: String(value) });
    return String(value);
  };
}

const fieldLabel = (kind: DuplicateKind, field: string, t: (key: string) => string): string =>
  t(`duplicates.merge.fields.${kind}.${field}`);

/**
 * Merging a group: the record to keep (the oldest by default), then, for each field whose values differ, the value
 * that wins (the kept record's, or the first one there is); tags are joined. A refusal (403, one record gone) shows
 * here; a merge done closes the dialog with a toast that opens the kept record.
 */
export function MergeDialog({
  kind,
  group,
  onClose,
  onMerged,
}: {
  kind: DuplicateKind;
  group: DuplicateGroup;
  onClose: () => void;
  onMerged: (kept: { id: number; name: string }) => void;
}) {
  const { t } = useTranslation();
  const ids = group.members.map((member) => member.id);
  const loaded = useRecordsToMerge(kind, ids);
  const merge = useMergeRecords(kind);
  const title = t('duplicates.merge.title', { count: group.members.length });
  return (
    <Dialog open onOpenChange={(open) => !open && !merge.isPending && onClose()}>
      <DialogContent title={title} description={t(`duplicates.merge.description.${kind}`)} className="sm:max-w-4xl">
        {loaded.error ? (
          <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
            {errorMessage(loaded.error, t)}
          </p>
        ) : !loaded.records ? (
          <div className="flex justify-center py-8" role="status" aria-label={t('common.loading')}>
            <Spinner />
          </div>
        ) : (
          <MergeTable
            kind={kind}
            records={loaded.records as unknown as MergeRecord[]}
            pending={merge.isPending}
            error={merge.error}
            onCancel={onClose}
            onConfirm={(body) =>
              merge.mutate(body, {
                onSuccess: (kept) => onMerged(kept),
              })
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function mergeError(error: unknown, kind: DuplicateKind, t: ReturnType<typeof useTranslation>['t']): string {
  if (error instanceof ApiError && error.status === 403) return t('duplicates.merge.forbidden');
  if (error instanceof ApiError && error.status === 404) return t(`duplicates.merge.gone.${kind}`);
  return errorMessage(error, t);
}

function MergeTable({
  kind,
  records,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  kind: DuplicateKind;
  records: MergeRecord[];
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (body: ReturnType<typeof mergeBody>) => void;
}) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const fields = MERGE_FIELDS[kind];
  const [keepId, setKeepId] = useState(() => oldestId(records));
  const [choices, setChoices] = useState<MergeChoices>(() => defaultChoices(fields, records, oldestId(records)));
  const differing = new Set(differingFields(fields, records));
  const tags = joinedTags(records, keepId);
  const keep = (id: number) => {
    // A new kept record starts from its own values again.
    setKeepId(id);
    setChoices(defaultChoices(fields, records, id));
  };
  // Side by side from 640 px; below, each row's cells stack under its label (a value says whose it is).
  const cell = 'border-b border-border px-3 py-2 align-top max-sm:block max-sm:border-b-0 max-sm:py-1.5';
  const row = 'max-sm:grid max-sm:border-b max-sm:border-border max-sm:py-1.5';
  return (
    <>
      <div className="overflow-x-auto rounded-md border border-border" data-testid="merge-table">
        <table className="w-full border-collapse text-sm sm:min-w-[32rem]">
          <caption className="sr-only">{t('duplicates.merge.tableCaption')}</caption>
          <thead>
            <tr className={cn(row, 'bg-muted/60')}>
              <th scope="col" className={cn(cell, 'w-36 text-left font-medium text-muted-foreground')}>
                {t('duplicates.merge.keep')}
              </th>
              {records.map((record) => (
                <th key={record.id} scope="col" className={cn(cell, 'text-left font-normal')}>
                  <label className="flex cursor-pointer items-start gap-2">
                    <input
                      type="radio"
                      name="merge-keep"
                      value={record.id}
                      checked={keepId === record.id}
                      onChange={() => keep(record.id)}
                      className="mt-1 h-4 w-4 shrink-0 accent-primary focus-ring"
                    />
                    <span className="grid min-w-0">
                      <span className="font-semibold [overflow-wrap:anywhere] text-foreground">
                        {String(record.name)}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {t('duplicates.merge.createdAt', { date: formatDateTime(record.createdAt) })}
                      </span>
                      {keepId === record.id && (
                        <span className="text-xs font-medium text-primary">{t('duplicates.merge.kept')}</span>
                      )}
                    </span>
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => {
              const label = fieldLabel(kind, field, t);
              if (!differing.has(field)) {
                const text = valueText(records[0]!, field);
                // Empty in every record: nothing to keep or lose.
                if (text === null) return null;
                return (
                  <tr key={field} className={cn(row, 'text-muted-foreground')} data-testid={`merge-row-${field}`}>
                    <th scope="row" className={cn(cell, 'text-left font-normal')}>
                      {label}
                    </th>
                    <td colSpan={records.length} className={cn(cell, '[overflow-wrap:anywhere]')}>
                      {text ?? <span className="italic">{t('duplicates.merge.empty')}</span>}
                      <span className="sr-only"> ({t('duplicates.merge.same')})</span>
                    </td>
                  </tr>
                );
              }
              return (
                <tr key={field} className={row} data-testid={`merge-row-${field}`}>
                  <th scope="row" className={cn(cell, 'text-left font-medium')}>
                    {label}
                  </th>
                  {records.map((record) => {
                    const text = valueText(record, field);
                    return (
                      <td key={record.id} className={cell}>
                        <label className="flex cursor-pointer items-start gap-2">
                          <input
                            type="radio"
                            name={`merge-${field}`}
                            value={record.id}
                            checked={choices[field] === record.id}
                            onChange={() => setChoices((before) => ({ ...before, [field]: record.id }))}
                            className="mt-1 h-4 w-4 shrink-0 accent-primary focus-ring"
                          />
                          <span className="min-w-0 [overflow-wrap:anywhere] whitespace-pre-line">
                            <span className="sr-only">{label}: </span>
                            {text ?? (
                              <span className="text-muted-foreground italic">{t('duplicates.merge.empty')}</span>
                            )}
                            <span className="block text-xs text-muted-foreground sm:sr-only">
                              {' '}
                              {t('duplicates.merge.from', { name: String(record.name) })}
                            </span>
                          </span>
                        </label>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            <tr className={cn(row, 'max-sm:border-b-0')} data-testid="merge-row-tags">
              <th scope="row" className={cn(cell, 'border-b-0 text-left font-medium')}>
                {fieldLabel(kind, 'tags', t)}
              </th>
              <td colSpan={records.length} className={cn(cell, 'border-b-0 [overflow-wrap:anywhere]')}>
                {tags.length > 0 ? tags.join(', ') : <span className="italic">{t('duplicates.merge.empty')}</span>}
                <span className="ml-2 text-xs text-muted-foreground">{t('duplicates.merge.tagsJoined')}</span>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted-foreground">{t(`duplicates.merge.consequence.${kind}`)}</p>
      {error != null && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {mergeError(error, kind, t)}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button disabled={pending} onClick={() => onConfirm(mergeBody(fields, records, keepId, choices))}>
          {pending && <Spinner />}
          {t('duplicates.merge.confirm', { count: records.length })}
        </Button>
      </DialogFooter>
    </>
  );
}
