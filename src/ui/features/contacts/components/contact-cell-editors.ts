import { useTranslation } from 'react-i18next';
import type { CellEditor } from '../../../components/records/editable-cell';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { fieldErrorsFromServer } from '../../../lib/form-errors';
import { queryClient } from '../../../lib/query-client';
import { CONTACT_LISTS_QUERY_KEY, CONTACT_STATUSES, type Contact } from '../api/get-contacts';
import { useUpdateContact } from '../api/update-contact';
import { canChange } from '../contact-access';
import { contactSchema } from '../contact-schema';

type Editable = 'email' | 'phone' | 'source' | 'score' | 'status';

/**
 * The contacts table's cells changed in place: e-mail, phone, source, score and status, for whoever may change the
 * contact. Checked by the dialog's schema first (messages in the person's language), then saved with the version the
 * list read, as the dialog saves: a 400 shows under the cell, a 409 (changed by someone else since) says so and
 * loads the list again, so the next try starts from what is there now.
 */
export function useContactCellEditors(me: { id: number; role: 'admin' | 'developer' | 'employee' }) {
  const { t } = useTranslation();
  const update = useUpdateContact();
  const schema = contactSchema(t).pick({ email: true, phone: true, source: true, score: true, status: true });
  const editor = (field: Editable, label: string, extra: Partial<CellEditor<Contact>> = {}): CellEditor<Contact> => ({
    label: (contact) => t('contacts.table.editLabel', { field: label, name: contact.name }),
    initial: (contact) => String(contact[field] ?? ''),
    editable: (contact) => canChange(me, contact),
    save: async (contact, text) => {
      const value = field === 'score' ? (text.trim() === '' ? Number.NaN : Number(text)) : text;
      const checked = schema.shape[field].safeParse(value);
      if (!checked.success) return checked.error.issues[0]!.message;
      try {
        await update.mutateAsync({ id: contact.id, body: { [field]: checked.data, updatedAt: contact.updatedAt } });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.server?.code === 'RESOURCE.CONFLICT') {
          await queryClient.invalidateQueries({ queryKey: CONTACT_LISTS_QUERY_KEY });
          return t('contacts.table.conflict');
        }
        return fieldErrorsFromServer(error, new Set([field]), t)?.fields[0]?.[1] ?? errorMessage(error, t);
      }
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
  } satisfies Record<Editable, CellEditor<Contact>>;
}
