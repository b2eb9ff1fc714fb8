import { useTranslation } from 'react-i18next';
import { arrangeColumns, resizedColumns } from '../../../components/records/columns-menu';
import { VirtualTable, type TableColumn, type VirtualTableProps } from '../../../components/records/virtual-table';
import type { ViewColumn } from '../../../lib/view-params';
import { Badge } from '../../../components/ui/badge';
import { Checkbox } from '../../../components/ui/checkbox';
import { labelIn, useCustomFields } from '../../../lib/api/custom-fields';
import { displayValue } from '../../../lib/custom-field-values';
import { formatDateTime } from '../../../lib/format';
import type { Contact } from '../api/get-contacts';
import { useContactCellEditors } from './contact-cell-editors';

/** The contacts' table always shows the name, which opens the contact. */
export const CONTACT_FIXED_COLUMN = 'name';

type ContactTableProps = Pick<
  VirtualTableProps<Contact>,
  'total' | 'sort' | 'order' | 'onSort' | 'hasMore' | 'loadingMore' | 'onLoadMore'
> & {
  contacts: Contact[];
  /** Every column (useContactColumns). */
  all: TableColumn<Contact>[];
  /** The columns chosen (the URL's, a view's): their order and widths; none: every column. */
  chosen: ViewColumn[];
  onColumnsChange: (columns: ViewColumn[]) => void;
  /** A checkbox per row for bulk changes (shift-click: the range from the last one clicked), as on the cards. */
  isSelected: (id: number) => boolean;
  onSelect: (contact: Contact, range: boolean) => void;
};

/**
 * The contacts as a table: every column, or the columns chosen in their order and widths (the name always first); a
 * click on a header orders the list by it, dragging its edge resizes it (the URL keeps both).
 */
export function ContactTable({
  contacts,
  total,
  sort,
  order,
  onSort,
  hasMore,
  loadingMore,
  onLoadMore,
  all,
  chosen,
  onColumnsChange,
  isSelected,
  onSelect,
}: ContactTableProps) {
  const { t } = useTranslation();
  const columns = arrangeColumns(all, chosen, CONTACT_FIXED_COLUMN);
  // Not a column of the record: never chosen, moved, resized or saved in a view.
  const select: TableColumn<Contact> = {
    key: 'select',
    header: t('contactsBulk.selectColumn'),
    width: '2.75rem',
    control: true,
    render: (contact) => (
      <Checkbox
        checked={isSelected(contact.id)}
        onClick={(event) => {
          event.preventDefault();
          onSelect(contact, event.shiftKey);
        }}
        aria-label={t('contactsBulk.select', { name: contact.name })}
        className="h-5 w-5"
      />
    ),
  };
  return (
    <VirtualTable
      label={t('contacts.list')}
      columns={[select, ...columns]}
      onResize={(key, width) => onColumnsChange(resizedColumns(columns, chosen, key, width))}
      resizeLabel={(header) => t('columns.resize', { name: header })}
      items={contacts}
      keyOf={(contact) => contact.id}
      total={total}
      sort={sort}
      order={order}
      onSort={onSort}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
      loadingMoreLabel={t('contacts.loadingMore')}
      sentinelTestId="contacts-sentinel"
      sortLabels={{ ascending: t('listSort.ascending'), descending: t('listSort.descending') }}
    />
  );
}

/**
 * Every column of the contacts' table, in its own order: name (opens the contact), e-mail, phone, company, status,
 * score, source, owner, last change, then each offered custom field. Keys are the record's fields as the API answers
 * them (and `customFields.<key>`), as a saved view names them.
 */
export function useContactColumns(
  me: { id: number; role: 'admin' | 'developer' | 'employee' },
  onOpen: (contact: Contact) => void,
): TableColumn<Contact>[] {
  const { t, i18n } = useTranslation();
  const edit = useContactCellEditors(me);
  const fields = useCustomFields('contact').data?.items ?? [];
  const words = { yes: t('customFields.yes'), no: t('customFields.no') };
  const text = (value: string | null | undefined) => value ?? '';
  return [
    {
      key: 'name',
      header: t('contacts.sort.by.name'),
      width: 'minmax(12rem, 1.4fr)',
      sortKey: 'name',
      render: (contact) => (
        <button
          type="button"
          className="max-w-full truncate font-medium text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          onClick={() => onOpen(contact)}
        >
          {contact.name}
        </button>
      ),
    },
    {
      key: 'email',
      edit: edit.email,
      header: t('contacts.sort.by.email'),
      width: 'minmax(12rem, 1.2fr)',
      sortKey: 'email',
      render: (c) => text(c.email),
    },
    {
      key: 'phone',
      edit: edit.phone,
      header: t('contacts.fields.phone'),
      width: '10rem',
      render: (c) => text(c.phone),
    },
    {
      key: 'company',
      header: t('contacts.sort.by.company'),
      width: 'minmax(10rem, 1fr)',
      sortKey: 'company',
      render: (c) => text(c.company),
    },
    {
      key: 'status',
      edit: edit.status,
      header: t('contacts.sort.by.status'),
      width: '8rem',
      sortKey: 'status',
      render: (c) => <Badge>{t(`contacts.status.${c.status}`)}</Badge>,
    },
    {
      key: 'score',
      edit: edit.score,
      header: t('contacts.sort.by.score'),
      width: '6rem',
      sortKey: 'score',
      align: 'end',
      render: (c) => c.score,
    },
    {
      key: 'source',
      edit: edit.source,
      header: t('contacts.sort.by.source'),
      width: '9rem',
      sortKey: 'source',
      render: (c) => text(c.source),
    },
    { key: 'ownerName', header: t('contacts.fields.owner'), width: '10rem', render: (c) => text(c.ownerName) },
    {
      key: 'updatedAt',
      header: t('contacts.sort.by.updatedAt'),
      width: '10rem',
      sortKey: 'updatedAt',
      render: (c) => formatDateTime(c.updatedAt),
    },
    ...fields.map((field): TableColumn<Contact> => ({
      key: `customFields.${field.key}`,
      header: labelIn(field.label, i18n.language),
      width: field.type === 'longText' ? '16rem' : '10rem',
      sortKey: field.type === 'longText' || field.type === 'multiSelect' ? undefined : `customFields.${field.key}`,
      align: field.type === 'number' || field.type === 'currency' ? 'end' : 'start',
      render: (c) => displayValue(field, c.customFields?.[field.key], i18n.language, words),
      edit: edit.customField(field),
    })),
  ];
}
