import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { labelIn, type CustomField, type CustomFieldEntity } from '../../../lib/api/custom-fields';
import { errorMessage } from '../../../lib/errors';
import { useCreateCustomField, useUpdateCustomField } from '../api/custom-field-mutations';
import {
  CUSTOM_FIELD_TYPES,
  FIELD_KEY_MAX,
  LABEL_MAX,
  createBody,
  customFieldSchema,
  fieldKeyFrom,
  followKey,
  formValuesOf,
  isSelectType,
  newOptionRow,
  updateBody,
  type CustomFieldFormInput,
} from '../custom-field-form';
import { OptionsEditor } from './custom-field-options';

/**
 * A custom field added (labels, key made from the Portuguese label until someone types one, type, required, a select's
 * options) or edited (labels, required, options renamed, added or retired; key and type fixed).
 */
export function CustomFieldDialog({
  entity,
  field,
  onClose,
}: {
  entity: CustomFieldEntity;
  field: CustomField | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => customFieldSchema(t), [t]);
  const form = useSchemaForm(schema, formValuesOf(field));
  const create = useCreateCustomField();
  const update = useUpdateCustomField();
  const pending = create.isPending || update.isPending;
  const type = form.watch('type');
  const revalidate = form.formState.isSubmitted;

  const onTypeChange = (next: CustomFieldFormInput['type']) => {
    form.setValue('type', next, { shouldDirty: true, shouldValidate: revalidate });
    // A select starts with one option to fill in.
    if (isSelectType(next) && form.getValues('options').length === 0)
      form.setValue('options', [newOptionRow()], { shouldDirty: true });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-2xl"
        title={
          field
            ? t('customFieldSettings.dialog.editTitle', { name: labelIn(field.label, i18n.language) })
            : t(`customFieldSettings.dialog.createTitle.${entity}`)
        }
        description={t('customFieldSettings.dialog.description')}
      >
        <Form
          form={form}
          id="custom-field"
          onSubmit={async (values) => {
            if (field) {
              await update.mutateAsync({ id: field.id, body: updateBody(field, values) });
              toast({ title: t('customFieldSettings.updated', { name: labelIn(values.label, i18n.language) }) });
            } else {
              await create.mutateAsync(createBody(entity, values));
              toast({ title: t('customFieldSettings.created', { name: labelIn(values.label, i18n.language) }) });
            }
            onClose();
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({
              variant: 'destructive',
              title: t('customFieldSettings.saveFailed'),
              description: errorMessage(error, t),
            })
          }
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="label.pt"
              label={t('customFieldSettings.fields.labelPt')}
              render={(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  maxLength={LABEL_MAX}
                  onChange={(event) => {
                    const before = control.value;
                    control.onChange(event);
                    if (!field)
                      form.setValue('key', followKey(form.getValues('key'), before, event.target.value, fieldKeyFrom), {
                        shouldDirty: true,
                        shouldValidate: revalidate,
                      });
                  }}
                />
              )}
            />
            <FormField
              control={form.control}
              name="label.en"
              label={t('customFieldSettings.fields.labelEn')}
              render={(control) => <Input {...control} autoComplete="off" maxLength={LABEL_MAX} />}
            />
          </div>
          {field ? (
            <div className="grid gap-1.5">
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="font-medium">{t('customFieldSettings.fields.key')}</dt>
                <dd className="font-mono break-all text-muted-foreground">{field.key}</dd>
                <dt className="font-medium">{t('customFieldSettings.fields.type')}</dt>
                <dd className="text-muted-foreground">{t(`customFieldSettings.types.${field.type}`)}</dd>
              </dl>
              <p className="text-xs text-muted-foreground">{t('customFieldSettings.hints.fixed')}</p>
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="key"
                label={t('customFieldSettings.fields.key')}
                description={t('customFieldSettings.hints.key')}
                render={(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    maxLength={FIELD_KEY_MAX}
                    className="font-mono"
                  />
                )}
              />
              <FormField
                control={form.control}
                name="type"
                label={t('customFieldSettings.fields.type')}
                description={t('customFieldSettings.hints.type')}
                render={(control) => (
                  <Select
                    id={control.id}
                    value={control.value}
                    onValueChange={onTypeChange}
                    options={CUSTOM_FIELD_TYPES.map((value) => ({
                      value,
                      label: t(`customFieldSettings.types.${value}`),
                    }))}
                  />
                )}
              />
            </div>
          )}
          <Controller
            control={form.control}
            name="required"
            render={({ field: control }) => (
              <div className="grid gap-1">
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="custom-field-required"
                    ref={control.ref}
                    checked={control.value}
                    onCheckedChange={(checked) => control.onChange(checked === true)}
                    aria-describedby="custom-field-required-hint"
                  />
                  <label htmlFor="custom-field-required" className="text-sm font-medium">
                    {t('customFieldSettings.fields.required')}
                  </label>
                </div>
                <p id="custom-field-required-hint" className="pl-6 text-xs text-muted-foreground">
                  {t('customFieldSettings.hints.required')}
                </p>
              </div>
            )}
          />
          {isSelectType(field?.type ?? type) && <OptionsEditor form={form} />}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {field ? t('customFieldSettings.dialog.save') : t('customFieldSettings.dialog.create')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
