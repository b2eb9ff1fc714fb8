import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldInputs, WithCustomFields } from '../../../components/records/custom-field-inputs';
import { OwnerField } from '../../../components/records/owner-field';
import { RecordForm, RecordFormDialog } from '../../../components/records/record-form-dialog';
import { TagsInput } from '../../../components/records/tags-input';
import { Button } from '../../../components/ui/button';
import { FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { canChangeRecord } from '../../../lib/access';
import { maskCnpj } from '../../../lib/cnpj';
import type { User } from '../../../lib/session';
import { useCreateCompany } from '../../../lib/api/create-company';
import { COMPANY_SIZES, UFS, type Company } from '../api/get-companies';
import { useUpdateCompany } from '../api/update-company';
import { maskCep } from '../company-format';
import { companySchema } from '../company-schema';
import type { CustomField } from '../../../lib/api/custom-fields';
import { customFieldsSchema, formValuesOf, valuesToSend } from '../../../lib/custom-field-values';
import { DeleteCompanyDialog } from './delete-company-dialog';

const valuesOf = (company: Company | null, me: User, fields: readonly CustomField[]) => ({
  name: company?.name ?? '',
  cnpj: company?.cnpj ?? '',
  tradeName: company?.tradeName ?? '',
  segment: company?.segment ?? '',
  size: company?.size ?? null,
  website: company?.website ?? '',
  emailDomain: company?.emailDomain ?? '',
  phone: company?.phone ?? '',
  cep: company?.cep ?? '',
  street: company?.street ?? '',
  number: company?.number ?? '',
  city: company?.city ?? '',
  uf: company?.uf ?? null,
  tags: company?.tags ?? [],
  notes: company?.notes ?? '',
  ownerId: company ? company.ownerId : me.id,
  customFields: formValuesOf(fields, company?.customFields),
  updatedAt: company?.updatedAt,
});

/** The address after the CEP, each with the browser's autofill hint. */
const ADDRESS_FIELDS = [
  ['street', 'address-line1'],
  ['number', 'off'],
  ['city', 'address-level2'],
] as const;

/** A choice that may be left empty (shown as `none`, kept as null). */
function NullableSelect<V extends string>({
  field,
  options,
  none,
  disabled,
}: {
  field: { id: string; value: V | null; onChange: (value: V | null) => void };
  options: { value: V; label: string }[];
  none: string;
  disabled: boolean;
}) {
  return (
    <Select<V | 'none'>
      id={field.id}
      value={field.value ?? 'none'}
      onValueChange={(value) => field.onChange(value === 'none' ? null : value)}
      disabled={disabled}
      options={[{ value: 'none', label: none }, ...options]}
    />
  );
}

/** Companies have no list of the tags in use: the box takes what is typed. */
const noSuggestions = () => undefined;

interface CompanyFormDialogProps {
  /** null: create mode; a company: edit mode. */
  company: Company | null;
  me: User;
  onClose: () => void;
  /** After the company is deleted (the dialog closes too). */
  onDeleted?: () => void;
}

/** Create and edit share this form, with the fields an admin added to companies; the dialog closes on success. */
export function CompanyFormDialog(props: CompanyFormDialogProps) {
  const { t } = useTranslation();
  return (
    <WithCustomFields
      entity="company"
      title={props.company ? t('companies.form.editTitle') : t('companies.form.createTitle')}
      onClose={props.onClose}
    >
      {(fields) => <CompanyForm {...props} fields={fields} />}
    </WithCustomFields>
  );
}

function CompanyForm({ company, me, onClose, onDeleted, fields }: CompanyFormDialogProps & { fields: CustomField[] }) {
  const { t } = useTranslation();
  const schema = useMemo(() => companySchema(t).extend({ customFields: customFieldsSchema(fields, t) }), [t, fields]);
  const form = useSchemaForm(schema, valuesOf(company, me, fields));
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const isAdmin = me.role === 'admin';
  const editable = company === null || canChangeRecord(me, company);
  const ownerName = company ? (company.ownerName ?? t('contacts.noOwner')) : me.name;
  const none = t('companies.form.none');

  return (
    <RecordFormDialog
      title={company ? t('companies.form.editTitle') : t('companies.form.createTitle')}
      description={
        !editable
          ? t('companies.form.readOnly')
          : fields.some((field) => field.required)
            ? t('customFields.nameAndMarked')
            : t('companies.form.description')
      }
      className="max-w-2xl"
      onClose={onClose}
    >
      <RecordForm
        form={form}
        id="company"
        record={company}
        editable={editable}
        personField="ownerId"
        isAdmin={isAdmin}
        create={(body) => create.mutateAsync({ ...body, customFields: valuesToSend(fields, body.customFields, true) })}
        update={(id, body) =>
          update.mutateAsync({ id, body: { ...body, customFields: valuesToSend(fields, body.customFields, false) } })
        }
        pending={create.isPending || update.isPending}
        texts={{
          create: t('companies.form.create'),
          created: t('companies.created'),
          updated: t('companies.updated'),
          saveFailed: t('companies.saveFailed'),
        }}
        onClose={onClose}
        footerStart={
          company && editable ? (
            <Button variant="outline" className="text-danger" onClick={() => setConfirmDelete(true)}>
              {t('companies.delete.action')}
            </Button>
          ) : (
            <span />
          )
        }
      >
        <FormField
          control={form.control}
          name="name"
          label={t('companies.fields.name')}
          render={(field) => <Input {...field} autoComplete="off" />}
        />
        <FormField
          control={form.control}
          name="cnpj"
          label={t('companies.fields.cnpj')}
          description={t('companies.form.cnpjHint')}
          render={(field) => (
            <Input
              {...field}
              autoComplete="off"
              inputMode="text"
              placeholder="00.000.000/0000-00"
              maxLength={18}
              onChange={(event) => field.onChange(maskCnpj(event.target.value))}
            />
          )}
        />
        {(['tradeName', 'segment'] as const).map((name) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={t(`companies.fields.${name}`)}
            render={(field) => <Input {...field} autoComplete="off" />}
          />
        ))}
        <FormField
          control={form.control}
          name="size"
          label={t('companies.fields.size')}
          render={(field) => (
            <NullableSelect
              field={field}
              disabled={!editable}
              none={none}
              options={COMPANY_SIZES.map((size) => ({ value: size, label: t(`companies.sizeHint.${size}`) }))}
            />
          )}
        />
        <FormField
          control={form.control}
          name="phone"
          label={t('companies.fields.phone')}
          render={(field) => <Input {...field} type="tel" autoComplete="off" />}
        />
        <FormField
          control={form.control}
          name="website"
          label={t('companies.fields.website')}
          render={(field) => <Input {...field} inputMode="url" autoComplete="off" placeholder="https://" />}
        />
        <FormField
          control={form.control}
          name="emailDomain"
          label={t('companies.fields.emailDomain')}
          description={t('companies.form.emailDomainHint')}
          render={(field) => <Input {...field} autoComplete="off" placeholder="empresa.com.br" />}
        />
        <FormField
          control={form.control}
          name="cep"
          label={t('companies.fields.cep')}
          render={(field) => (
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              maxLength={9}
              onChange={(event) => field.onChange(maskCep(event.target.value))}
            />
          )}
        />
        {ADDRESS_FIELDS.map(([name, autoComplete]) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={t(`companies.fields.${name}`)}
            render={(field) => <Input {...field} autoComplete={autoComplete} />}
          />
        ))}
        <FormField
          control={form.control}
          name="uf"
          label={t('companies.fields.uf')}
          render={(field) => (
            <NullableSelect
              field={field}
              disabled={!editable}
              none={none}
              options={UFS.map((uf) => ({ value: uf, label: uf }))}
            />
          )}
        />
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="tags"
            label={t('companies.fields.tags')}
            description={t('companies.form.tagsHint')}
            render={({ id, value, onChange, onBlur, ...aria }) => (
              <TagsInput
                id={id}
                value={value}
                onChange={onChange}
                onBlur={onBlur}
                useSuggestions={noSuggestions}
                listLabel={t('companies.fields.tags')}
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
            label={t('companies.fields.notes')}
            render={(field) => <Textarea {...field} rows={3} />}
          />
        </div>
        <CustomFieldInputs control={form.control} fields={fields} disabled={!editable} />
        <div className="sm:col-span-2">
          <OwnerField
            control={form.control}
            name="ownerId"
            label={t('companies.fields.owner')}
            canChoose={isAdmin}
            formId="company"
            currentName={ownerName}
            noneLabel={t('contacts.noOwner')}
            readOnlyHint={t('companies.form.ownerHint')}
          />
        </div>
      </RecordForm>
      {company && confirmDelete && (
        <DeleteCompanyDialog
          company={company}
          onClose={() => setConfirmDelete(false)}
          onDeleted={() => {
            setConfirmDelete(false);
            onClose();
            onDeleted?.();
          }}
        />
      )}
    </RecordFormDialog>
  );
}
