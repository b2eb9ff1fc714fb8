import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceCards } from '../../../components/import/choice-cards';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input, UrlInput } from '../../../components/ui/input';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { useCustomFields, type CustomField } from '../../../lib/api/custom-fields';
import { useUserChoices, type UserChoice } from '../../../lib/api/get-user-choices';
import { errorMessage } from '../../../lib/errors';
import type { LeadForm } from '../api/get-lead-forms';
import { useCreateLeadForm, useUpdateLeadForm } from '../api/lead-form-mutations';
import {
  CONSENT_MAX,
  NAME_MAX,
  SLUG_MAX,
  THANK_YOU_MAX,
  URL_MAX,
  bodyOf,
  followSlug,
  formValuesOf,
  leadFormSchema,
  type AfterSending,
} from '../lead-form';
import { LeadFormFieldsEditor, type LeadFormForm } from './lead-form-fields-editor';

/**
 * A form built (name, its address made from the name until someone types one, fields, consent, who gets the leads,
 * what the visitor sees after sending, the sites that may send it; it starts published) or edited (the same; pausing
 * and resuming are the list's). The contacts' custom fields and the team are read first: the fields offered, the
 * custom fields contacts require and the owners depend on them.
 */
export function LeadFormDialog({ form, onClose }: { form: LeadForm | null; onClose: () => void }) {
  const { t } = useTranslation();
  const custom = useCustomFields('contact');
  const people = useUserChoices(true);
  const failed = custom.error ?? people.error;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-3xl"
        title={t(form ? 'leadForms.editTitle' : 'leadForms.newTitle')}
        description={t('leadForms.formDescription')}
      >
        {custom.data && people.data ? (
          <LeadFormEditor form={form} custom={custom.data.items} people={people.data.items} onClose={onClose} />
        ) : failed ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(failed, t)}
          </p>
        ) : (
          <PageSpinner />
        )}
      </DialogContent>
    </Dialog>
  );
}

function LeadFormEditor({
  form: saved,
  custom,
  people,
  onClose,
}: {
  form: LeadForm | null;
  custom: CustomField[];
  people: UserChoice[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => leadFormSchema(t, custom), [t, custom]);
  const form: LeadFormForm = useSchemaForm(schema, formValuesOf(saved, custom));
  const create = useCreateLeadForm();
  const update = useUpdateLeadForm();
  const after = useWatch({ control: form.control, name: 'after' });
  const revalidate = form.formState.isSubmitted;
  return (
    <Form
      form={form}
      id="lead-form"
      onSubmit={async (values) => {
        const body = bodyOf(values);
        if (saved) {
          await update.mutateAsync({ id: saved.id, body });
          toast({ title: t('leadForms.saved') });
        } else {
          await create.mutateAsync(body);
          toast({ title: t('leadForms.created', { name: values.name }) });
        }
        onClose();
      }}
      onError={(error, { onField }) =>
        !onField &&
        toast({ variant: 'destructive', title: t('leadForms.saveFailed'), description: errorMessage(error, t) })
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="name"
          label={t('leadForms.fields.name')}
          description={t('leadForms.hints.name')}
          render={(control) => (
            <Input
              {...control}
              autoComplete="off"
              maxLength={NAME_MAX}
              onChange={(event) => {
                const before = control.value;
                control.onChange(event);
                // A published form keeps its address unless someone changes it: pasted snippets point at it.
                if (!saved)
                  form.setValue('slug', followSlug(form.getValues('slug'), before, event.target.value), {
                    shouldDirty: true,
                    shouldValidate: revalidate,
                  });
              }}
            />
          )}
        />
        <FormField
          control={form.control}
          name="slug"
          label={t('leadForms.fields.slug')}
          description={t(saved ? 'leadForms.hints.slugSaved' : 'leadForms.hints.slug')}
          render={(control) => (
            <div className="flex min-w-0 items-stretch">
              <span
                className="flex items-center rounded-l-md border border-r-0 border-border bg-muted px-2 font-mono text-sm text-muted-foreground"
                aria-hidden="true"
              >
                /f/
              </span>
              <Input
                {...control}
                className="rounded-l-none font-mono"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={SLUG_MAX}
              />
            </div>
          )}
        />
      </div>
      <LeadFormFieldsEditor form={form} custom={custom} />
      <FormField
        control={form.control}
        name="consentText"
        label={t('leadForms.fields.consentText')}
        description={t('leadForms.hints.consentText')}
        render={(control) => <Textarea {...control} rows={2} maxLength={CONSENT_MAX} />}
      />
      <OwnersField form={form} people={people} />
      <ChoiceCards<AfterSending>
        name="lead-form-after"
        legend={t('leadForms.fields.after')}
        value={after}
        options={(['message', 'redirect'] as const).map((value) => ({
          value,
          label: t(`leadForms.after.${value}`),
          hint: t(`leadForms.after.${value}Hint`),
        }))}
        onChange={(value) => form.setValue('after', value, { shouldDirty: true, shouldValidate: revalidate })}
      >
        <div className="mt-3">
          {after === 'message' ? (
            <FormField
              control={form.control}
              name="thankYou"
              label={t('leadForms.fields.thankYou')}
              description={t('leadForms.hints.thankYou')}
              render={(control) => (
                <Textarea {...control} rows={2} maxLength={THANK_YOU_MAX} placeholder={t('leadForms.defaultThanks')} />
              )}
            />
          ) : (
            <FormField
              control={form.control}
              name="redirectUrl"
              label={t('leadForms.fields.redirectUrl')}
              description={t('leadForms.hints.redirectUrl')}
              render={(control) => <UrlInput {...control} maxLength={URL_MAX} />}
            />
          )}
        </div>
      </ChoiceCards>
      <FormField
        control={form.control}
        name="allowedOrigins"
        label={t('leadForms.fields.allowedOrigins')}
        description={t('leadForms.hints.allowedOrigins')}
        render={(control) => (
          <Textarea
            {...control}
            rows={2}
            autoCapitalize="off"
            spellCheck={false}
            className="font-mono"
            placeholder="https://www.site.com.br"
          />
        )}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting && <Spinner />}
          {t(saved ? 'common.save' : 'leadForms.create')}
        </Button>
      </DialogFooter>
    </Form>
  );
}

/**
 * Who gets the leads: the enabled people, and any chosen one disabled since (to be taken off: the server refuses a
 * disabled owner), kept in the team list's order, which is the order of the turns.
 */
function OwnersField({ form, people }: { form: LeadFormForm; people: UserChoice[] }) {
  const { t } = useTranslation();
  return (
    <FormField
      control={form.control}
      name="ownerIds"
      label={t('leadForms.fields.owners')}
      description={t('leadForms.hints.owners')}
      render={({ id, value, onChange, ref, 'aria-describedby': describedBy }) => {
        const offered = people.filter((person) => !person.disabled || value.includes(person.id));
        const toggle = (personId: number, on: boolean) =>
          onChange(
            offered.map((person) => person.id).filter((other) => (other === personId ? on : value.includes(other))),
          );
        return (
          // The label above names the group (a <label> names no group).
          <div
            id={id}
            ref={ref}
            tabIndex={-1}
            role="group"
            aria-label={t('leadForms.fields.owners')}
            aria-describedby={describedBy}
            className="grid gap-2 rounded-md border border-border p-3 outline-none sm:grid-cols-2 lg:grid-cols-3"
          >
            {offered.map((person) => {
              const boxId = `${id}-${person.id}`;
              return (
                <div key={person.id} className="flex items-center gap-2">
                  <Checkbox
                    id={boxId}
                    checked={value.includes(person.id)}
                    onCheckedChange={(checked) => toggle(person.id, checked === true)}
                  />
                  <label htmlFor={boxId} className="min-w-0 text-sm break-words text-foreground">
                    {person.name}
                    {person.disabled && (
                      <span className="text-muted-foreground"> ({t('leadForms.ownerDisabled')})</span>
                    )}
                  </label>
                </div>
              );
            })}
          </div>
        );
      }}
    />
  );
}
