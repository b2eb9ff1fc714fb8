import type { ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { labelIn, useCustomFields, type CustomField, type CustomFieldEntity } from '../../lib/api/custom-fields';
import { cn } from '../../lib/cn';
import { Checkbox } from '../ui/checkbox';
import { FormField } from '../ui/form';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { PageSpinner } from '../ui/spinner';
import { Textarea } from '../ui/textarea';
import { RecordFormDialog } from './record-form-dialog';

interface CustomFieldInputsProps<V extends FieldValues> {
  // Whatever the schema turns the values into on submit (as FormField takes it).
  control: Control<V, unknown, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The record's offered fields in their order (a retired field's value stays, out of the form). */
  fields: readonly CustomField[];
  disabled?: boolean;
}

/** "none" in a single choice: a select's value is an option key, never this. */
const NONE = '__none__';

/**
 * The fields an admin added to a kind of record, in a record's form: one control per type, each named
 * `customFields.<key>`, the path a server refusal names, so its message lands under the control.
 */
export function CustomFieldInputs<V extends FieldValues>({ control, fields, disabled }: CustomFieldInputsProps<V>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return fields.map((field) => {
    const label = labelIn(field.label, language);
    const offered = field.options.filter((option) => !option.retired);
    const wide = field.type === 'longText' || field.type === 'multiSelect';
    const name = `customFields.${field.key}` as never;
    return (
      <div key={field.key} className={cn(wide && 'sm:col-span-2')} data-custom-field={field.key}>
        <FormField
          control={control}
          name={name}
          label={label}
          description={field.required ? t('customFields.requiredHint') : undefined}
          render={(control) => {
            const { value, onChange, onBlur, ref, id } = control;
            const aria = { 'aria-invalid': control['aria-invalid'], 'aria-describedby': control['aria-describedby'] };
            switch (field.type) {
              case 'longText':
                return <Textarea {...control} value={value ?? ''} rows={3} disabled={disabled} />;
              case 'checkbox':
                return (
                  <Checkbox
                    id={id}
                    ref={ref}
                    checked={value === true}
                    onCheckedChange={(checked) => onChange(checked === true)}
                    onBlur={onBlur}
                    disabled={disabled}
                    {...aria}
                  />
                );
              case 'select':
                return (
                  <Select
                    id={id}
                    value={value || NONE}
                    onValueChange={(chosen) => onChange(chosen === NONE ? '' : chosen)}
                    disabled={disabled}
                    options={[
                      { value: NONE, label: t('customFields.noChoice') },
                      // A retired option a record still holds stays shown while it is chosen.
                      ...field.options
                        .filter((option) => !option.retired || option.key === value)
                        .map((option) => ({ value: option.key, label: labelIn(option.label, language) })),
                    ]}
                  />
                );
              case 'multiSelect': {
                const chosen: string[] = Array.isArray(value) ? value : [];
                const shown = field.options.filter((option) => !option.retired || chosen.includes(option.key));
                return (
                  <div
                    id={id}
                    role="group"
                    aria-label={labelIn(field.label, language)}
                    className="flex flex-wrap gap-x-4 gap-y-2 py-1"
                    {...aria}
                  >
                    {shown.map((option) => (
                      <label key={option.key} className="flex items-center gap-2 text-sm">
                        <Checkbox
                          checked={chosen.includes(option.key)}
                          disabled={disabled}
                          onBlur={onBlur}
                          onCheckedChange={(checked) =>
                            onChange(
                              checked === true ? [...chosen, option.key] : chosen.filter((key) => key !== option.key),
                            )
                          }
                        />
                        {labelIn(option.label, language)}
                      </label>
                    ))}
                    {offered.length === 0 && shown.length === 0 && (
                      <span className="text-sm text-muted-foreground">{t('customFields.noOptions')}</span>
                    )}
                  </div>
                );
              }
              default:
                return (
                  <Input
                    {...control}
                    value={value ?? ''}
                    disabled={disabled}
                    autoComplete="off"
                    {...INPUT_KIND[field.type]}
                  />
                );
            }
          }}
        />
      </div>
    );
  });
}

/** The text box of each typed field: its kind of input and the keyboard a phone shows. */
const INPUT_KIND: Partial<Record<CustomField['type'], { type?: string; inputMode?: 'decimal' | 'numeric' }>> = {
  number: { inputMode: 'decimal' },
  currency: { inputMode: 'decimal' },
  date: { type: 'date' },
  url: { type: 'url' },
  email: { type: 'email' },
  phone: { type: 'tel' },
};

interface WithCustomFieldsProps {
  entity: CustomFieldEntity;
  /** The dialog's title, shown while the fields are read. */
  title: ReactNode;
  onClose: () => void;
  /** The form, given the kind of record's offered fields (none when they could not be read). */
  children: (fields: CustomField[]) => ReactNode;
}

/**
 * A record's form dialog once its kind's custom fields are known (a form's values start from them): a spinner in the
 * dialog meanwhile. Without their definitions (a failed read) the form still saves the rest, and a change keeps
 * the values it does not show.
 */
export function WithCustomFields({ entity, title, onClose, children }: WithCustomFieldsProps) {
  const fields = useCustomFields(entity);
  if (fields.isPending)
    return (
      <RecordFormDialog title={title} onClose={onClose}>
        <PageSpinner />
      </RecordFormDialog>
    );
  return children(fields.data?.items ?? []);
}
