import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CompanyLookupField } from '../../../components/records/company-lookup-field';
import { CustomFieldInputs, WithCustomFields } from '../../../components/records/custom-field-inputs';
import { OwnerField } from '../../../components/records/owner-field';
import { RecordForm, RecordFormDialog } from '../../../components/records/record-form-dialog';
import { Button } from '../../../components/ui/button';
import { FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import type { LookupOption } from '../../../components/ui/lookup-select';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import type { CustomField } from '../../../lib/api/custom-fields';
import { customFieldsSchema, formValuesOf, valuesToSend } from '../../../lib/custom-field-values';
import type { User } from '../../../lib/session';
import { useCreateContact } from '../api/create-contact';
import { CONTACT_STATUSES, type Contact } from '../api/get-contacts';
import { useUpdateContact } from '../api/update-contact';
import { canChange } from '../contact-access';
import { contactSchema } from '../contact-schema';
import { DeleteContactDialog } from './delete-contact-dialog';
import { DuplicateNotice } from './duplicate-notice';
import { TagsInput } from './tags-input';

const valuesOf = (
  contact: Contact | null,
  me: User,
  company: LookupOption | undefined,
  fields: readonly CustomField[],
) => ({
  name: contact?.name ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  companyId: contact ? contact.companyId : (company?.id ?? null),
  position: contact?.position ?? '',
  source: contact?.source ?? '',
  status: contact?.status ?? ('lead' as const),
  score: contact?.score ?? 0,
  tags: contact?.tags ?? [],
  notes: contact?.notes ?? '',
  ownerId: contact ? contact.ownerId : me.id,
  customFields: formValuesOf(fields, contact?.customFields),
  updatedAt: contact?.updatedAt,
});

interface ContactFormDialogProps {
  /** null: create mode (SPEC: nothing selected); a contact: edit mode. */
  contact: Contact | null;
  me: User;
  /** A new contact's company, chosen already (the company's page). */
  company?: LookupOption;
  onClose: () => void;
}

/** Create and edit share this form, with the fields an admin added to contacts; the dialog closes on success. */
export function ContactFormDialog(props: ContactFormDialogProps) {
  const { t } = useTranslation();
  return (
    <WithCustomFields
      entity="contact"
      title={props.contact ? t('contacts.form.editTitle') : t('contacts.form.createTitle')}
      onClose={props.onClose}
    >
      {(fields) => <ContactForm {...props} fields={fields} />}
    </WithCustomFields>
  );
}

function ContactForm({ contact, me, company, onClose, fields }: ContactFormDialogProps & { fields: CustomField[] }) {
  const { t } = useTranslation();
  const schema = useMemo(() => contactSchema(t).extend({ customFields: customFieldsSchema(fields, t) }), [t, fields]);
  const form = useSchemaForm(schema, valuesOf(contact, me, company, fields));
  const create = useCreateContact();
  const update = useUpdateContact();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isAdmin = me.role === 'admin';
  const editable = contact === null || canChange(me, contact);
  const pending = create.isPending || update.isPending;
  const ownerName = contact ? (contact.ownerName ?? t('contacts.noOwner')) : me.name;
  const [name, email, phone] = useWatch({ control: form.control, name: ['name', 'email', 'phone'] });

  return (
    <RecordFormDialog
      title={contact ? t('contacts.form.editTitle') : t('contacts.form.createTitle')}
      description={
        !editable
          ? t('contacts.form.readOnly')
          : fields.some((field) => field.required)
            ? t('customFields.nameAndMarked')
            : t('contacts.form.description')
      }
      className="max-w-2xl"
      onClose={onClose}
    >
      <RecordForm
        form={form}
        id="contact"
        record={contact}
        editable={editable}
        personField="ownerId"
        isAdmin={isAdmin}
        create={(body) => create.mutateAsync({ ...body, customFields: valuesToSend(fields, body.customFields, true) })}
        update={(id, body) =>
          update.mutateAsync({ id, body: { ...body, customFields: valuesToSend(fields, body.customFields, false) } })
        }
        pending={pending}
        texts={{
          create: t('contacts.form.create'),
          created: t('contacts.created'),
          updated: t('contacts.updated'),
          saveFailed: t('contacts.saveFailed'),
        }}
        onClose={onClose}
        footerStart={
          contact && canChange(me, contact) ? (
            <Button variant="outline" className="text-danger" onClick={() => setConfirmDelete(true)}>
              {t('contacts.delete.action')}
            </Button>
          ) : (
            <span />
          )
        }
      >
        <FormField
          control={form.control}
          name="name"
          label={t('contacts.fields.name')}
          render={(field) => <Input {...field} autoComplete="off" />}
        />
        <FormField
          control={form.control}
          name="email"
          label={t('contacts.fields.email')}
          render={(field) => <Input {...field} type="email" autoComplete="off" />}
        />
        <FormField
          control={form.control}
          name="phone"
          label={t('contacts.fields.phone')}
          render={(field) => <Input {...field} type="tel" autoComplete="off" />}
        />
        <div className="sm:col-span-2">
          <CompanyLookupField
            control={form.control}
            name="companyId"
            label={t('contacts.fields.company')}
            searchLabel={t('contacts.form.searchCompany')}
            noneLabel={t('contacts.form.noCompany')}
            initial={
              contact
                ? contact.companyId
                  ? { id: contact.companyId, label: contact.company ?? `#${contact.companyId}` }
                  : null
                : (company ?? null)
            }
            disabled={!editable}
          />
        </div>
        {editable && <DuplicateNotice name={name} email={email} phone={phone} excludeId={contact?.id} />}
        <FormField
          control={form.control}
          name="position"
          label={t('contacts.fields.position')}
          render={(field) => <Input {...field} />}
        />
        <FormField
          control={form.control}
          name="source"
          label={t('contacts.fields.source')}
          render={(field) => <Input {...field} />}
        />
        <FormField
          control={form.control}
          name="status"
          label={t('contacts.fields.status')}
          render={(field) => (
            <Select
              id={field.id}
              value={field.value}
              onValueChange={field.onChange}
              disabled={!editable}
              options={CONTACT_STATUSES.map((status) => ({ value: status, label: t(`contacts.status.${status}`) }))}
            />
          )}
        />
        <FormField
          control={form.control}
          name="score"
          label={t('contacts.fields.score')}
          description={t('contacts.form.scoreHint')}
          render={(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)}
            />
          )}
        />
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="tags"
            label={t('contacts.fields.tags')}
            description={t('contacts.form.tagsHint')}
            render={({ id, value, onChange, onBlur, ...aria }) => (
              <TagsInput
                id={id}
                value={value}
                onChange={onChange}
                onBlur={onBlur}
                aria-invalid={aria['aria-invalid']}
                aria-describedby={aria['aria-describedby']}
              />
            )}
          />
        </div>
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="notes"
            label={t('contacts.fields.notes')}
            render={(field) => <Textarea {...field} rows={3} />}
          />
        </div>
        <CustomFieldInputs control={form.control} fields={fields} disabled={!editable} />
        <div className="sm:col-span-2">
          <OwnerField
            control={form.control}
            name="ownerId"
            label={t('contacts.fields.owner')}
            canChoose={isAdmin}
            formId="contact"
            currentName={ownerName}
            noneLabel={t('contacts.noOwner')}
            readOnlyHint={t('contacts.form.ownerHint')}
          />
        </div>
      </RecordForm>
      {contact && confirmDelete && (
        <DeleteContactDialog
          contact={contact}
          onClose={() => setConfirmDelete(false)}
          onDeleted={() => {
            setConfirmDelete(false);
            onClose();
          }}
        />
      )}
    </RecordFormDialog>
  );
}
