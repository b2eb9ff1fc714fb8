import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { labelIn, type CustomField } from '../../../lib/api/custom-fields';
import {
  DEFAULT_LABELS,
  FIELDS_MAX,
  LABEL_MAX,
  customKeyOf,
  fieldsToAdd,
  isContactField,
  isLocked,
  moveRow,
  newFieldRow,
  type FieldRow,
  type LeadFormInput,
  type LeadFormValues,
} from '../lead-form';

export type LeadFormForm = UseFormReturn<LeadFormInput, unknown, LeadFormValues>;

/** A field's name in the UI's language: the contact field's, or the custom field's label (its key once deleted). */
export function useFieldName(custom: readonly CustomField[]) {
  const { t, i18n } = useTranslation();
  return (field: string): string => {
    if (isContactField(field)) return t(`leadForms.contactFields.${field}`);
    const key = customKeyOf(field) ?? field;
    const definition = custom.find((c) => c.key === key);
    return definition ? labelIn(definition.label, i18n.language) : key;
  };
}

/**
 * The form's fields in the order the visitor sees them: each moved up or down, made required or optional, given its
 * own label in each language, or removed; fields added from those not asked yet. Name and e-mail (and the custom
 * fields contacts require) stay, required.
 */
export function LeadFormFieldsEditor({ form, custom }: { form: LeadFormForm; custom: readonly CustomField[] }) {
  const { t } = useTranslation();
  const nameOf = useFieldName(custom);
  // The rows by their place in the list rather than react-hook-form's useFieldArray, which would go into the library's
  // chunk that the sign-in screen loads (see custom-field-options.tsx).
  const rows = useWatch({ control: form.control, name: 'fields' }) ?? [];
  const setRows = (next: FieldRow[]) =>
    form.setValue('fields', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const addable = fieldsToAdd(rows, custom);
  const move = (from: number, to: number) => {
    setRows(moveRow(form.getValues('fields'), from, to));
    // The buttons stay where they are and the rows move under them: the focus follows the row moved.
    // At either end its button in that direction is off: the other one then.
    requestAnimationFrame(() => {
      const directions = to < from ? ['up', 'down'] : ['down', 'up'];
      directions
        .map((direction) => document.getElementById(`lead-form-row-${to}-${direction}`) as HTMLButtonElement | null)
        .find((button) => button && !button.disabled)
        ?.focus();
    });
  };
  // With rows on screen the resolver files the list's own error under `root`; a server's lands on `fields`.
  const listError = form.formState.errors.fields?.root?.message;
  return (
    <FormField
      control={form.control}
      name="fields"
      label={t('leadForms.fields.fields')}
      description={t('leadForms.hints.fields')}
      // No ref: a message on one label focuses that label's box rather than the whole list.
      render={({ id, 'aria-describedby': describedBy }) => (
        <div
          id={id}
          role="group"
          aria-label={t('leadForms.fields.fields')}
          aria-describedby={describedBy}
          className="grid gap-3"
        >
          <ol className="grid gap-2" data-testid="lead-form-fields">
            {rows.map((row, index) => (
              <FieldRowEditor
                key={index}
                form={form}
                index={index}
                row={row}
                total={rows.length}
                name={nameOf(row.field)}
                custom={custom}
                onMove={(to) => move(index, to)}
                onRemove={() => setRows(form.getValues('fields').filter((_, i) => i !== index))}
              />
            ))}
          </ol>
          {listError && (
            <p role="alert" className="text-sm text-danger">
              {listError}
            </p>
          )}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={addable.length === 0 || rows.length >= FIELDS_MAX}
              >
                <Plus className="h-4 w-4" aria-hidden="true" />
                {t('leadForms.fieldList.add')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="max-h-72 overflow-y-auto">
              {addable.map((field) => (
                <DropdownMenuItem
                  key={field}
                  onSelect={() => setRows([...form.getValues('fields'), newFieldRow(field, custom)])}
                >
                  {nameOf(field)}
                  {customKeyOf(field) !== null && (
                    <span className="text-xs text-muted-foreground">{t('leadForms.fieldList.custom')}</span>
                  )}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      )}
    />
  );
}

function FieldRowEditor({
  form,
  index,
  row,
  total,
  name,
  custom,
  onMove,
  onRemove,
}: {
  form: LeadFormForm;
  index: number;
  row: FieldRow;
  total: number;
  name: string;
  custom: readonly CustomField[];
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const locked = isLocked(row.field, custom);
  const key = customKeyOf(row.field);
  // What the visitor reads when the boxes are left empty: the server's default name, or a custom field's key (a custom
  // field's row starts with its labels filled in for that reason).
  const fallback = isContactField(row.field)
    ? DEFAULT_LABELS[row.field]
    : { pt: key ?? row.field, en: key ?? row.field };
  const legendId = `lead-form-row-${index}-legend`;
  const requiredId = `lead-form-row-${index}-required`;
  return (
    <li>
      <fieldset
        aria-labelledby={legendId}
        className="grid gap-3 rounded-md border border-border p-3"
        data-testid="lead-form-field"
        data-field={row.field}
      >
        {/* On a phone the name has a line of its own, with the box and the buttons under it. */}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p
            id={legendId}
            className="flex min-w-0 flex-1 basis-full items-center gap-2 text-sm font-medium sm:basis-40"
          >
            <span className="text-muted-foreground tabular-nums" aria-hidden="true">
              {index + 1}.
            </span>
            <span className="min-w-0 break-words">{name}</span>
            {key !== null && <Badge>{t('leadForms.fieldList.custom')}</Badge>}
          </p>
          <div className="flex flex-1 items-center justify-between gap-3 sm:flex-none">
            <div className="flex items-center gap-2">
              <Checkbox
                id={requiredId}
                checked={row.required}
                disabled={locked}
                onCheckedChange={(checked) =>
                  form.setValue(`fields.${index}.required`, checked === true, {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              />
              <label htmlFor={requiredId} className="text-sm text-foreground">
                {t('leadForms.fieldList.required')}
              </label>
            </div>
            <div className="flex items-center gap-1">
              <Button
                id={`lead-form-row-${index}-up`}
                variant="ghost"
                size="iconSm"
                disabled={index === 0}
                aria-label={t('leadForms.fieldList.moveUp', { name })}
                onClick={() => onMove(index - 1)}
              >
                <ArrowUp className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                id={`lead-form-row-${index}-down`}
                variant="ghost"
                size="iconSm"
                disabled={index === total - 1}
                aria-label={t('leadForms.fieldList.moveDown', { name })}
                onClick={() => onMove(index + 1)}
              >
                <ArrowDown className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="iconSm"
                disabled={locked}
                aria-label={t('leadForms.fieldList.remove', { name })}
                onClick={onRemove}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3">
          {(['pt', 'en'] as const).map((language) => (
            <FormField
              key={language}
              control={form.control}
              name={`fields.${index}.label.${language}`}
              label={
                // Read in full; shown in full from sm up, as the language alone beside its pair on a phone.
                <>
                  <span className="sr-only">{t(`leadForms.fieldList.label.${language}`)}</span>
                  <span aria-hidden="true" className="sm:hidden">
                    {t(`leadForms.fieldList.labelShort.${language}`)}
                  </span>
                  <span aria-hidden="true" className="hidden sm:inline">
                    {t(`leadForms.fieldList.label.${language}`)}
                  </span>
                </>
              }
              render={(control) => (
                <Input {...control} autoComplete="off" maxLength={LABEL_MAX} placeholder={fallback[language]} />
              )}
            />
          ))}
        </div>
      </fieldset>
    </li>
  );
}
