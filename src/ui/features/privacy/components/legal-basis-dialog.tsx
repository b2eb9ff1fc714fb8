import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useRecordLegalBasis } from '../api/consent-mutations';
import type { LegalBasis, LegalBasisKind } from '../api/get-consents';
import { LEGAL_BASES } from '../consent-terms';

type T = (key: string, options?: Record<string, unknown>) => string;

// The server's bound (privacy.router.ts).
const NOTE_MAX = 2000;

const basisSchema = (t: T) =>
  z.object({
    legalBasis: z.enum(LEGAL_BASES as [LegalBasisKind, ...LegalBasisKind[]]),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, t('validation.maxLength', { count: NOTE_MAX })),
  });

/** The legal basis the contact's data is held on from now on (LGPD Art. 7), and why. The earlier ones stay. */
export function LegalBasisDialog({
  contactId,
  current,
  onClose,
}: {
  contactId: number;
  current: LegalBasis | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => basisSchema(t), [t]);
  const form = useSchemaForm(schema, { legalBasis: current?.basis ?? 'legitimate_interest', note: '' });
  const record = useRecordLegalBasis(contactId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('privacy.basis.title')} description={t('privacy.basis.description')}>
        <Form
          form={form}
          id="legal-basis"
          onSubmit={async ({ legalBasis, note }) => {
            await record.mutateAsync({ legalBasis, note: note || null });
            toast({ title: t('privacy.basis.saved') });
            onClose();
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('privacy.saveFailed'), description: errorMessage(error, t) })
          }
        >
          <FormField
            control={form.control}
            name="legalBasis"
            label={t('privacy.basis.basis')}
            render={(field) => (
              <Select
                id={field.id}
                value={field.value}
                onValueChange={field.onChange}
                options={LEGAL_BASES.map((basis) => ({ value: basis, label: t(`privacy.bases.${basis}`) }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="note"
            label={t('privacy.basis.note')}
            description={t('privacy.basis.noteHint')}
            render={(field) => <Textarea {...field} maxLength={NOTE_MAX} />}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner />}
              {t('privacy.basis.confirm')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
