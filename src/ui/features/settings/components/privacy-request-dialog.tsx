import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ContactLookupField } from '../../../components/records/contact-lookup-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import type { PrivacyRequestKind } from '../api/get-privacy-requests';
import { useCreatePrivacyRequest } from '../api/privacy-request-mutations';
import { dateInputIn, DEFAULT_DUE_DAYS, dueAtOf, REQUEST_KINDS } from '../privacy-terms';

type T = (key: string, options?: Record<string, unknown>) => string;

// The server's bounds (privacy-requests.router.ts).
const NAME_MAX = 200;
const NOTE_MAX = 2000;

const requestSchema = (t: T) =>
  z.object({
    contactId: z
      .number()
      .nullable()
      .refine((id) => id !== null, t('privacy.requests.contactRequired')),
    kind: z.enum(REQUEST_KINDS as [PrivacyRequestKind, ...PrivacyRequestKind[]]),
    requesterName: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(NAME_MAX, t('validation.maxLength', { count: NAME_MAX })),
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('validation.required')),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, t('validation.maxLength', { count: NOTE_MAX })),
  });

/** A request logged as the person made it: whose data, which right, who asked, by when (15 days unless told). */
export function PrivacyRequestDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => requestSchema(t), [t]);
  const form = useSchemaForm(schema, {
    contactId: null,
    kind: 'access',
    requesterName: '',
    dueDate: dateInputIn(DEFAULT_DUE_DAYS),
    note: '',
  });
  const create = useCreatePrivacyRequest();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-xl"
        title={t('privacy.requests.newTitle')}
        description={t('privacy.requests.formDescription')}
      >
        <Form
          form={form}
          id="privacy-request"
          onSubmit={async ({ contactId, kind, requesterName, dueDate, note }) => {
            await create.mutateAsync({
              contactId: contactId!,
              kind,
              requesterName,
              dueAt: dueAtOf(dueDate),
              note: note || null,
            });
            toast({ title: t('privacy.requests.created') });
            onClose();
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({
              variant: 'destructive',
              title: t('privacy.requests.saveFailed'),
              description: errorMessage(error, t),
            })
          }
        >
          <ContactLookupField
            control={form.control}
            name="contactId"
            formId="privacy-request"
            label={t('privacy.requests.fields.contact')}
            searchLabel={t('privacy.requests.searchContact')}
            noneLabel={t('privacy.requests.noContact')}
            initial={null}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="kind"
              label={t('privacy.requests.fields.kind')}
              render={(field) => (
                <Select
                  id={field.id}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={REQUEST_KINDS.map((kind) => ({ value: kind, label: t(`privacy.kinds.${kind}`) }))}
                />
              )}
            />
            <FormField
              control={form.control}
              name="dueDate"
              label={t('privacy.requests.fields.dueAt')}
              description={t('privacy.requests.hints.dueAt')}
              render={(field) => <Input {...field} type="date" min="1900-01-01" max="9999-12-31" />}
            />
          </div>
          <FormField
            control={form.control}
            name="requesterName"
            label={t('privacy.requests.fields.requesterName')}
            description={t('privacy.requests.hints.requesterName')}
            render={(field) => <Input {...field} autoComplete="off" maxLength={NAME_MAX} />}
          />
          <FormField
            control={form.control}
            name="note"
            label={t('privacy.requests.fields.note')}
            render={(field) => <Textarea {...field} maxLength={NOTE_MAX} />}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner />}
              {t('privacy.requests.create')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
