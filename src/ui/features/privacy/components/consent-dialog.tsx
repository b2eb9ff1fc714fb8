import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useRecordConsent } from '../api/consent-mutations';
import type { ConsentChannel } from '../api/get-consents';

type T = (key: string, options?: Record<string, unknown>) => string;

// The server's bound (privacy.router.ts).
const TEXT_MAX = 2000;

const consentSchema = (t: T, granted: boolean) =>
  z.object({
    text: z
      .string()
      .trim()
      .max(TEXT_MAX, t('validation.maxLength', { count: TEXT_MAX }))
      .refine((text) => !granted || text.length > 0, t('privacy.consent.textRequired')),
  });

/**
 * A channel's consent recorded: a grant, with what the person was shown or told (required), or a revocation (how they
 * asked, if known). A new record each time: the earlier ones stay as proof.
 */
export function ConsentDialog({
  contactId,
  channel,
  granted,
  onClose,
}: {
  contactId: number;
  channel: ConsentChannel;
  granted: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => consentSchema(t, granted), [t, granted]);
  const form = useSchemaForm(schema, { text: '' });
  const record = useRecordConsent(contactId);
  const name = t(`privacy.channels.${channel}`);
  const mode = granted ? 'grant' : 'revoke';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t(`privacy.consent.${mode}Title`, { channel: name })}
        description={t(`privacy.consent.${mode}Description`, { channel: name })}
      >
        <Form
          form={form}
          id="consent"
          onSubmit={async ({ text }) => {
            await record.mutateAsync({ channel, granted, text: text || null });
            toast({ title: t(`privacy.consent.${mode}Saved`, { channel: name }) });
            onClose();
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('privacy.saveFailed'), description: errorMessage(error, t) })
          }
        >
          <FormField
            control={form.control}
            name="text"
            label={t(`privacy.consent.${mode}Text`)}
            description={t(`privacy.consent.${mode}Hint`)}
            render={(field) => <Textarea {...field} maxLength={TEXT_MAX} />}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner />}
              {t(`privacy.consent.${mode}Confirm`)}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
