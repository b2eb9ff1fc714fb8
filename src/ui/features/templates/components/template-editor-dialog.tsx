import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import type { Template } from '../api/get-templates';
import { useTemplateVariables } from '../api/get-template-variables';
import { useCreateTemplate, useUpdateTemplate } from '../api/save-template';
import { categoryLabel, TEMPLATE_CATEGORIES } from '../template-categories';
import { unknownVariablesIn } from '../template-text';
import { VariableTextField } from './variable-text-field';

const NO_CATEGORY = 'none';

/** The fields as the API takes them; an unknown {{variable}} is refused here as the server would. */
const templateSchema = (t: TFunction, known: ReadonlySet<string>) => {
  const withKnownVariables = (field: z.ZodString) =>
    field.superRefine((text, ctx) => {
      const unknown = unknownVariablesIn(text, known);
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownMessage(unknown, t) });
    });
  return z.object({
    name: z.string().trim().min(1, t('validation.required')).max(200),
    subject: withKnownVariables(z.string().trim().min(1, t('validation.required')).max(300)),
    // The server's TEMPLATE_MAX_LENGTH (http/crm/templates.schemas.ts): the largest template fits the request size limit.
    body: withKnownVariables(z.string().min(1, t('validation.required')).max(16_000)),
    category: z.string(),
    isActive: z.boolean(),
    updatedAt: z.string().optional(),
  });
};

const unknownMessage = (names: string[], t: TFunction) =>
  t('templateEditor.unknown', { count: names.length, names: names.map((name) => `{{${name}}}`).join(', ') });

/** Admins create and edit templates; the dialog closes on success. */
export function TemplateEditorDialog({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const { t } = useTranslation();
  const variables = useTemplateVariables();
  const names = useMemo(() => (variables.data ?? []).map((variable) => variable.name), [variables.data]);
  const known = useMemo(() => new Set(names), [names]);
  const schema = useMemo(() => templateSchema(t, known), [t, known]);
  const form = useSchemaForm(schema, {
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    body: template?.body ?? '',
    category: template?.category ?? NO_CATEGORY,
    isActive: template?.isActive ?? true,
    updatedAt: template?.updatedAt,
  });
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const pending = create.isPending || update.isPending;
  const category = form.watch('category');
  const categories = [
    ...TEMPLATE_CATEGORIES,
    ...(category !== NO_CATEGORY && !(TEMPLATE_CATEGORIES as readonly string[]).includes(category) ? [category] : []),
  ];
  // Flagged as it is typed, before any save: the field's hint turns into the warning.
  const flag = (text: string) => {
    const unknown = variables.data ? unknownVariablesIn(text, known) : [];
    return unknown.length > 0 ? (
      <span className="text-danger" data-testid="unknown-variables">
        {unknownMessage(unknown, t)}
      </span>
    ) : (
      t('templateEditor.variablesHint')
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={template ? t('templateEditor.editTitle') : t('templateEditor.createTitle')}
        description={t('templateEditor.description')}
        className="sm:max-w-2xl"
      >
        <Form
          form={form}
          id="template"
          onSubmit={async ({ category: chosen, updatedAt, ...fields }) => {
            const body = { ...fields, category: chosen === NO_CATEGORY ? null : chosen };
            if (template) {
              await update.mutateAsync({ id: template.id, body: { ...body, updatedAt } });
              toast({ title: t('templateEditor.updated') });
            } else {
              await create.mutateAsync(body);
              toast({ title: t('templateEditor.created') });
            }
            onClose();
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({
              variant: 'destructive',
              title: t('templateEditor.saveFailed'),
              description: errorMessage(error, t),
            })
          }
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="name"
              label={t('templateEditor.fields.name')}
              render={(field) => <Input {...field} maxLength={200} />}
            />
            <FormField
              control={form.control}
              name="category"
              label={t('templateEditor.fields.category')}
              render={(field) => (
                <Select
                  id={field.id}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={[
                    { value: NO_CATEGORY, label: t('templateEditor.noCategory') },
                    ...categories.map((value) => ({ value, label: categoryLabel(value, t) })),
                  ]}
                />
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="subject"
            label={t('templateEditor.fields.subject')}
            description={flag(form.watch('subject'))}
            render={(field) => <VariableTextField {...field} variables={names} maxLength={300} />}
          />
          <FormField
            control={form.control}
            name="body"
            label={t('templateEditor.fields.body')}
            description={flag(form.watch('body'))}
            render={(field) => <VariableTextField {...field} variables={names} multiline maxLength={16_000} />}
          />
          <FormField
            control={form.control}
            name="isActive"
            label={t('templateEditor.fields.isActive')}
            description={t('templateEditor.activeHint')}
            render={({ value, onChange, ...field }) => (
              <Checkbox {...field} checked={value} onCheckedChange={(checked) => onChange(checked === true)} />
            )}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {pending ? t('common.saving') : template ? t('common.save') : t('templateEditor.create')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
