import { useTranslation } from 'react-i18next';
import type { CellEditor } from '../../../components/records/editable-cell';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { fieldErrorsFromServer } from '../../../lib/form-errors';
import { queryClient } from '../../../lib/query-client';
import { CONTACT_LISTS_QUERY_KEY, CONTACT_STATUSES, type Contact } from '../api/get-contacts';
import { useUpdateContact, type UpdateContactInput } from '../api/update-contact';
import { labelIn, type CustomField } from '../../../lib/api/custom-fields';
import { customFieldsSchema, formValuesOf, valuesToSend } from '../../../lib/custom-field-values';
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
  const { t, i18n } = useTranslation();
  const update = useUpdateContact();
  const schema = contactSchema(t).pick({ email: true, phone: true, source: true, score: true, status: true });
  const labelled = (label: string) => (contact: Contact) =>
    t('contacts.table.editLabel', { field: label, name: contact.name });
  const editable = (contact: Contact) => canChange(me, contact);

  /** Saves a change with the version the list read; a refusal's message for the field `path`, or null. */
  const send = async (contact: Contact, body: UpdateContactInput, path: string): Promise<string | null> => {
    try {
      await update.mutateAsync({ id: contact.id, body: { ...body, updatedAt: contact.updatedAt } });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.server?.code === 'RESOURCE.CONFLICT') {
        await queryClient.invalidateQueries({ queryKey: CONTACT_LISTS_QUERY_KEY });
        return t('contacts.table.conflict');
      }
      return fieldErrorsFromServer(error, new Set([path]), t)?.fields[0]?.[1] ?? errorMessage(error, t);
    }
  };

  const editor = (field: Editable, label: string, extra: Partial<CellEditor<Contact>> = {}): CellEditor<Contact> => ({
    label: labelled(label),
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

  /**
   * A custom field's cell, for the types a single control holds (not a long text, a multiple choice or a yes/no):
   * shown and checked as the dialog shows and checks it (a decimal comma, dd/MM/yyyy through the date control), sent
   * as the dialog sends it (empty clears it), merged by the server into the contact's other values.
   */
  const customEditor = (field: CustomField): CellEditor<Contact> | undefined => {
    if (!INLINE_TYPES.has(field.type)) return undefined;
    const check = customFieldsSchema([field], t).shape[field.key]!;
    return {
      label: labelled(labelIn(field.label, i18n.language)),
      initial: (contact) => String(formValuesOf([field], contact.customFields)[field.key] ?? ''),
      editable,
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
      save: async (contact, text) => {
        const checked = check.safeParse(text);
        if (!checked.success) return checked.error.issues[0]!.message;
        const path = `customFields.${field.key}`;
        return send(contact, { customFields: valuesToSend([field], { [field.key]: text }, false) }, path);
      },
    };
  };

  return {
    email: editor('email', t('contacts.sort.by.email'), { input: 'email' }),
    phone: editor('phone', t('contacts.fields.phone'), { input: 'tel' }),
    source: editor('source', t('contacts.sort.by.source')),
    score: editor('score', t('contacts.sort.by.score'), { input: 'number' }),
    status: editor('status', t('contacts.sort.by.status'), {
      options: CONTACT_STATUSES.map((status) => ({ value: status, label: t(`contacts.status.${status}`) })),
    }),
    customField: customEditor,
  };
}

/** The custom field types a cell changes in place. */
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
