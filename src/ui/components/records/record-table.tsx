import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { labelIn, useCustomFields, type CustomField, type CustomFieldEntity } from '../../lib/api/custom-fields';
import { customFieldsSchema, displayValue, formValuesOf, valuesToSend } from '../../lib/custom-field-values';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { fieldErrorsFromServer } from '../../lib/form-errors';
import { queryClient } from '../../lib/query-client';
import type { ViewColumn } from '../../lib/view-params';
import { arrangeColumns, resizedColumns } from './columns-menu';
import type { CellEditor } from './editable-cell';
import { VirtualTable, type TableColumn, type VirtualTableProps } from './virtual-table';

type Stored = Parameters<typeof formValuesOf>[1];

/** A record a table lists: its id, its version, and its custom field values. */
interface Versioned {
  id: number;
  updatedAt: string;
  customFields?: Stored;
}

export type RecordTableProps<T> = Omit<VirtualTableProps<T>, 'columns' | 'onResize' | 'resizeLabel' | 'sortLabels'> & {
  /** Every column of the record (its `use…Columns`). */
  all: TableColumn<T>[];
  /** The column always shown (the record's name, which opens it). */
  fixed: string;
  /** The columns chosen (the URL's, a view's): their order and widths; none: every column. */
  chosen: ViewColumn[];
  onColumnsChange: (columns: ViewColumn[]) => void;
  /** Columns before the record's own (a row's checkbox): never chosen, moved, resized or saved in a view. */
  leading?: TableColumn<T>[];
};

/**
 * A record list as a table of chosen columns: every column, or the ones chosen in their order and widths (the fixed
 * one always); a click on a header orders the list by it, dragging its edge resizes it (the URL keeps both).
 */
export function RecordTable<T>({ all, fixed, chosen, onColumnsChange, leading = [], ...table }: RecordTableProps<T>) {
  const { t } = useTranslation();
  const columns = arrangeColumns(all, chosen, fixed);
  return (
    <VirtualTable
      {...table}
      columns={[...leading, ...columns]}
      onResize={(key, width) => onColumnsChange(resizedColumns(columns, chosen, key, width))}
      resizeLabel={(header) => t('columns.resize', { name: header })}
      sortLabels={{ ascending: t('listSort.ascending'), descending: t('listSort.descending') }}
    />
  );
}

/**
 * The record's name (or title) as a table's first column: ordered by `key`, a button that opens the record (its
 * dialog), as the card's name does.
 */
export function openingColumn<T>(
  key: string,
  header: string,
  nameOf: (record: T) => string,
  onOpen: (record: T) => void,
): TableColumn<T> {
  return {
    key,
    header,
    width: 'minmax(12rem, 1.4fr)',
    sortKey: key,
    render: (record) => (
      <button
        type="button"
        className="max-w-full truncate font-medium text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        onClick={() => onOpen(record)}
      >
        {nameOf(record)}
      </button>
    ),
  };
}

/** The owner's name and the last change, as a table's last columns before the custom fields (the latter ordered). */
export const ownerAndChangeColumns = <T extends { ownerName: string | null; updatedAt: string }>(
  owner: string,
  updated: string,
): TableColumn<T>[] => [
  { key: 'ownerName', header: owner, width: '10rem', render: (record) => record.ownerName ?? '' },
  {
    key: 'updatedAt',
    header: updated,
    width: '10rem',
    sortKey: 'updatedAt',
    render: (record) => formatDateTime(record.updatedAt),
  },
];

/** Saves one cell's change: a refusal's message for the field `path`, or null once saved. */
export type CellSave<T> = (record: T, body: Record<string, unknown>, path: string) => Promise<string | null>;

/**
 * A table's save of a cell, as its record's dialog saves: with the version the list read; a 400 gives the message for
 * the cell's field; a 409 (changed by someone else since) says `conflict` and loads the list again, so the next try
 * starts from what is there now.
 */
export function useCellSave<T extends Versioned>(
  update: (change: { id: number; body: Record<string, unknown> & { updatedAt: string } }) => Promise<unknown>,
  lists: QueryKey,
  conflict: string,
): CellSave<T> {
  const { t } = useTranslation();
  return async (record, body, path) => {
    try {
      await update({ id: record.id, body: { ...body, updatedAt: record.updatedAt } });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.server?.code === 'RESOURCE.CONFLICT') {
        await queryClient.invalidateQueries({ queryKey: lists });
        return conflict;
      }
      return fieldErrorsFromServer(error, new Set([path]), t)?.fields[0]?.[1] ?? errorMessage(error, t);
    }
  };
}

/** The custom field types a cell changes in place (not a long text, a multiple choice or a yes/no). */
const INLINE_TYPES = new Set<CustomField['type']>([
  'text',
  'number',
  'currency',
  'date',
  'select',
  'email',
  'phone',
  'url',
]);

/**
 * A record's custom fields as table columns, after its own: shown as the record's page shows them, ordered by the
 * server (not a long text or a multiple choice), and changed in place where one control holds the value: checked and
 * sent as the dialog does (a decimal comma, dd/MM/yyyy through the date control; empty clears it), merged by the
 * server into the record's other values.
 */
export function useCustomFieldColumns<T extends Versioned>(
  entity: CustomFieldEntity,
  edit: { label: (field: string, record: T) => string; editable: (record: T) => boolean; send: CellSave<T> },
): TableColumn<T>[] {
  const { t, i18n } = useTranslation();
  const fields = useCustomFields(entity).data?.items ?? [];
  const words = { yes: t('customFields.yes'), no: t('customFields.no') };
  const editorOf = (field: CustomField, label: string): CellEditor<T> | undefined => {
    if (!INLINE_TYPES.has(field.type)) return undefined;
    const check = customFieldsSchema([field], t).shape[field.key]!;
    return {
      label: (record) => edit.label(label, record),
      initial: (record) => String(formValuesOf([field], record.customFields)[field.key] ?? ''),
      editable: edit.editable,
      input:
        field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : field.type === 'date' ? 'date' : 'text',
      options:
        field.type === 'select'
          ? [
              { value: '', label: '—' },
              ...field.options
                .filter((option) => !option.retired)
                .map((option) => ({ value: option.key, label: labelIn(option.label, i18n.language) })),
            ]
          : undefined,
      save: async (record, text) => {
        const checked = check.safeParse(text);
        if (!checked.success) return checked.error.issues[0]!.message;
        const body = { customFields: valuesToSend([field], { [field.key]: text }, false) };
        return edit.send(record, body, `customFields.${field.key}`);
      },
    };
  };
  return fields.map((field): TableColumn<T> => {
    const header = labelIn(field.label, i18n.language);
    return {
      key: `customFields.${field.key}`,
      header,
      width: field.type === 'longText' ? '16rem' : '10rem',
      sortKey: field.type === 'longText' || field.type === 'multiSelect' ? undefined : `customFields.${field.key}`,
      align: field.type === 'number' || field.type === 'currency' ? 'end' : 'start',
      render: (record) => displayValue(field, record.customFields?.[field.key], i18n.language, words),
      edit: editorOf(field, header),
    };
  });
}
