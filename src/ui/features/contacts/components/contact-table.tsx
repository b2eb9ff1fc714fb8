import { useTranslation } from 'react-i18next';
import {
  openingColumn,
  ownerAndChangeColumns,
  RecordTable,
  useCustomFieldColumns,
  type RecordTableProps,
} from '../../../components/records/record-table';
import type { TableColumn } from '../../../components/records/virtual-table';
import { Badge } from '../../../components/ui/badge';
import { Checkbox } from '../../../components/ui/checkbox';
import type { Contact } from '../api/get-contacts';
import { useContactCellEditors } from './contact-cell-editors';

/** The contacts' table always shows the name, which opens the contact. */
export const CONTACT_FIXED_COLUMN = 'name';

type ContactTableProps = Omit<
  RecordTableProps<Contact>,
  'items' | 'keyOf' | 'label' | 'fixed' | 'leading' | 'loadingMoreLabel' | 'sentinelTestId'
> & {
  contacts: Contact[];
  /** A checkbox per row for bulk changes (shift-click: the range from the last one clicked), as on the cards. */
  isSelected: (id: number) => boolean;
  onSelect: (contact: Contact, range: boolean) => void;
};

/** The contacts as a table of chosen columns (the name always), with a checkbox per row for the bulk actions. */
export function ContactTable({ contacts, isSelected, onSelect, ...table }: ContactTableProps) {
  const { t } = useTranslation();
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
    <RecordTable
      {...table}
      label={t('contacts.list')}
      fixed={CONTACT_FIXED_COLUMN}
      leading={[select]}
      items={contacts}
      keyOf={(contact) => contact.id}
      loadingMoreLabel={t('contacts.loadingMore')}
      sentinelTestId="contacts-sentinel"
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
  const { t } = useTranslation();
  const edit = useContactCellEditors(me);
  const customFields = useCustomFieldColumns('contact', edit.customFields);
  const text = (value: string | null | undefined) => value ?? '';
  return [
    openingColumn('name', t('contacts.sort.by.name'), (contact) => contact.name, onOpen),
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
    ...ownerAndChangeColumns<Contact>(t('contacts.fields.owner'), t('contacts.sort.by.updatedAt')),
    ...customFields,
  ];
}
