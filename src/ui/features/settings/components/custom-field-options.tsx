import { Archive, ArchiveRestore, Plus, Trash2 } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { labelIn } from '../../../lib/api/custom-fields';
import { cn } from '../../../lib/cn';
import {
  LABEL_MAX,
  OPTION_KEY_MAX,
  followKey,
  newOptionRow,
  optionKeyFrom,
  type CustomFieldFormInput,
  type CustomFieldFormValues,
} from '../custom-field-form';

export type CustomFieldForm = UseFormReturn<CustomFieldFormInput, unknown, CustomFieldFormValues>;

/** A select's options in order: a saved one is renamed or retired (records hold its key), a new one added or removed. */
export function OptionsEditor({ form }: { form: CustomFieldForm }) {
  const { t } = useTranslation();
  // The rows by their place in the list, rather than react-hook-form's useFieldArray: that would go into the library's
  // chunk, which the sign-in screen loads, and take the first screen past its 200 KB budget (npm run size). Each box
  // shows the form's value at its place, so a row removed moves the ones after it up with their values.
  const rows = useWatch({ control: form.control, name: 'options' }) ?? [];
  const setRows = (next: CustomFieldFormInput['options']) =>
    form.setValue('options', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const append = () => setRows([...form.getValues('options'), newOptionRow()]);
  const remove = (index: number) => setRows(form.getValues('options').filter((_, i) => i !== index));
  // With option rows on screen the resolver files the list's own error under `root`; a server's lands on `options`.
  const listError = form.formState.errors.options?.root?.message;
  return (
    <FormField
      control={form.control}
      name="options"
      label={t('customFieldSettings.options.title')}
      description={t('customFieldSettings.options.hint')}
      // No ref: a message on one option focuses that option's box rather than the whole list.
      render={({ id, 'aria-describedby': describedBy }) => (
        <div
          id={id}
          role="group"
          aria-label={t('customFieldSettings.options.title')}
          aria-describedby={describedBy}
          className="grid gap-3"
        >
          {rows.length > 0 && (
            <ol className="grid gap-3">
              {rows.map((_, index) => (
                <OptionRowEditor key={index} form={form} index={index} onRemove={() => remove(index)} />
              ))}
            </ol>
          )}
          {listError && (
            <p role="alert" className="text-sm text-danger">
              {listError}
            </p>
          )}
          <Button variant="outline" size="sm" className="justify-self-start" onClick={append}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('customFieldSettings.options.add')}
          </Button>
        </div>
      )}
    />
  );
}

function OptionRowEditor({ form, index, onRemove }: { form: CustomFieldForm; index: number; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const option = form.watch(`options.${index}`) as CustomFieldFormInput['options'][number] | undefined;
  // A row removed (or the list reloaded) a render before its box goes.
  if (!option) return null;
  const number = index + 1;
  const name = labelIn(option.label, i18n.language).trim() || t('customFieldSettings.options.item', { number });
  const legendId = `custom-field-option-${index}-legend`;
  const setRetired = (retired: boolean) => {
    form.setValue(`options.${index}.retired`, retired, { shouldDirty: true });
    // Whether one option is still offered is the list's check, not this option's.
    if (form.formState.isSubmitted) void form.trigger('options');
  };
  return (
    <li>
      <fieldset
        aria-labelledby={legendId}
        className={cn('grid gap-3 rounded-md border border-border p-3', option.retired && 'bg-muted/50')}
        data-testid="custom-field-option"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={legendId} className="flex min-w-0 items-center gap-2 text-sm font-medium">
            <span className={cn('min-w-0 break-words', option.retired && 'text-muted-foreground line-through')}>
              {t('customFieldSettings.options.item', { number })}
            </span>
            {option.retired && <Badge>{t('customFieldSettings.options.retiredBadge')}</Badge>}
          </p>
          {option.isNew ? (
            <Button
              variant="ghost"
              size="iconSm"
              aria-label={t('customFieldSettings.options.remove', { name })}
              onClick={onRemove}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          ) : option.retired ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('customFieldSettings.options.restore', { name })}
              onClick={() => setRetired(false)}
            >
              <ArchiveRestore className="h-4 w-4" aria-hidden="true" />
              {t('customFieldSettings.options.restoreShort')}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('customFieldSettings.options.retire', { name })}
              onClick={() => setRetired(true)}
            >
              <Archive className="h-4 w-4" aria-hidden="true" />
              {t('customFieldSettings.options.retireShort')}
            </Button>
          )}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField
            control={form.control}
            name={`options.${index}.label.pt`}
            label={t('customFieldSettings.fields.labelPt')}
            render={(control) => (
              <Input
                {...control}
                autoComplete="off"
                maxLength={LABEL_MAX}
                onChange={(event) => {
                  const before = control.value;
                  control.onChange(event);
                  if (option.isNew)
                    form.setValue(
                      `options.${index}.key`,
                      followKey(form.getValues(`options.${index}.key`), before, event.target.value, optionKeyFrom),
                      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
                    );
                }}
              />
            )}
          />
          <FormField
            control={form.control}
            name={`options.${index}.label.en`}
            label={t('customFieldSettings.fields.labelEn')}
            render={(control) => <Input {...control} autoComplete="off" maxLength={LABEL_MAX} />}
          />
          {option.isNew ? (
            <FormField
              control={form.control}
              name={`options.${index}.key`}
              label={t('customFieldSettings.fields.key')}
              render={(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={OPTION_KEY_MAX}
                  className="font-mono"
                />
              )}
            />
          ) : (
            <div className="grid content-start gap-1.5">
              <p className="text-sm font-medium">{t('customFieldSettings.fields.key')}</p>
              <p
                className="flex min-h-10 items-center font-mono text-sm break-all text-muted-foreground"
                title={t('customFieldSettings.hints.optionKeyFixed')}
              >
                {option.key}
              </p>
            </div>
          )}
        </div>
      </fieldset>
    </li>
  );
}
