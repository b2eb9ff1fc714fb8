import { useTranslation } from 'react-i18next';
import type { CellEditor } from '../../../components/records/editable-cell';
import { useCellSave } from '../../../components/records/record-table';
import { CONTACT_LISTS_QUERY_KEY, CONTACT_STATUSES, type Contact } from '../api/get-contacts';
import { useUpdateContact } from '../api/update-contact';
import { canChange } from '../contact-access';
import { contactSchema } from '../contact-schema';

type Editable = 'email' | 'phone' | 'source' | 'score' | 'status';

/**
 * The contacts table's cells changed in place: e-mail, phone, source, score and status (and the custom fields, by
 * useCustomFieldColumns with `label`, `editable` and `send`), for whoever may change the contact. Checked by the
 * dialog's schema first (messages in the person's language), then saved as the dialog saves (useCellSave).
 */
export function useContactCellEditors(me: { id: number; role: 'admin' | 'developer' | 'employee' }) {
  const { t } = useTranslation();
  const update = useUpdateContact();
  const schema = contactSchema(t).pick({ email: true, phone: true, source: true, score: true, status: true });
  const label = (field: string, contact: Contact) => t('contacts.table.editLabel', { field, name: contact.name });
  const editable = (contact: Contact) => canChange(me, contact);
  const send = useCellSave<Contact>(update.mutateAsync, CONTACT_LISTS_QUERY_KEY, t('contacts.table.conflict'));

  const editor = (field: Editable, name: string, extra: Partial<CellEditor<Contact>> = {}): CellEditor<Contact> => ({
    label: (contact) => label(name, contact),
    initial: (contact) => String(contact[field] ?? ''),
    editable,
    save: async (contact, text) => {
      const value = field === 'score' ? (text.trim() === '' ? Number.NaN : Number(text)) : text;
      const checked = schema.shape[field].safeParse(value);
      if (!checked.success) return checked.error.issues[0]!.message;
      return send(contact, { [field]: checked.data }, field);
    },
    ...extra,
  });

  return {
    email: editor('email', t('contacts.sort.by.email'), { input: 'email' }),
    phone: editor('phone', t('contacts.fields.phone'), { input: 'tel' }),
    source: editor('source', t('contacts.sort.by.source')),
    score: editor('score', t('contacts.sort.by.score'), { input: 'number' }),
    status: editor('status', t('contacts.sort.by.status'), {
      options: CONTACT_STATUSES.map((status) => ({ value: status, label: t(`contacts.status.${status}`) })),
    }),
    customFields: { label, editable, send },
  };
}
