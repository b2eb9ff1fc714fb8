import { useTranslation } from 'react-i18next';
import { VirtualTable, type TableColumn, type VirtualTableProps } from '../../../components/records/virtual-table';
import { Badge } from '../../../components/ui/badge';
import { labelIn, useCustomFields } from '../../../lib/api/custom-fields';
import { displayValue } from '../../../lib/custom-field-values';
import { formatDateTime } from '../../../lib/format';
import type { Contact } from '../api/get-contacts';

type ContactTableProps = Pick<
  VirtualTableProps<Contact>,
  'total' | 'sort' | 'order' | 'onSort' | 'hasMore' | 'loadingMore' | 'onLoadMore'
> & {
  contacts: Contact[];
  onOpen: (contact: Contact) => void;
};

/**
 * The contacts as a table: name (opens the contact), e-mail, phone, company, status, score, source, owner, last
 * change, then each offered custom field; a click on a header orders the list by it (the URL keeps it).
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
  onOpen,
}: ContactTableProps) {
  const { t, i18n } = useTranslation();
  const fields = useCustomFields('contact').data?.items ?? [];
  const words = { yes: t('customFields.yes'), no: t('customFields.no') };
  const text = (value: string | null | undefined) => value ?? '';
  const columns: TableColumn<Contact>[] = [
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
      header: t('contacts.sort.by.email'),
      width: 'minmax(12rem, 1.2fr)',
      sortKey: 'email',
      render: (c) => text(c.email),
    },
    { key: 'phone', header: t('contacts.fields.phone'), width: '10rem', render: (c) => text(c.phone) },
    {
      key: 'company',
      header: t('contacts.sort.by.company'),
      width: 'minmax(10rem, 1fr)',
      sortKey: 'company',
      render: (c) => text(c.company),
    },
    {
      key: 'status',
      header: t('contacts.sort.by.status'),
      width: '8rem',
      sortKey: 'status',
      render: (c) => <Badge>{t(`contacts.status.${c.status}`)}</Badge>,
    },
    {
      key: 'score',
      header: t('contacts.sort.by.score'),
      width: '6rem',
      sortKey: 'score',
      align: 'end',
      render: (c) => c.score,
    },
    {
      key: 'source',
      header: t('contacts.sort.by.source'),
      width: '9rem',
      sortKey: 'source',
      render: (c) => text(c.source),
    },
    { key: 'owner', header: t('contacts.fields.owner'), width: '10rem', render: (c) => text(c.ownerName) },
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
    })),
  ];
  return (
    <VirtualTable
      label={t('contacts.list')}
      columns={columns}
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
