import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CustomFieldInputs } from '../../../components/records/custom-field-inputs';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, useSchemaForm } from '../../../components/ui/form';
import { Spinner } from '../../../components/ui/spinner';
import { labelIn, type CustomField } from '../../../lib/api/custom-fields';
import { customFieldsSchema, formValuesOf, valuesToSend } from '../../../lib/custom-field-values';
import { formatInteger } from '../../../lib/format';

/**
 * One custom field's value for every selected contact: the field's own control and checks, as in a contact's form;
 * left empty, it clears the value (a required field cannot be left empty). `onApply` sends it; a refusal naming the
 * field shows under its control.
 */
export function BulkFieldDialog({
  field,
  count,
  pending,
  onClose,
  onApply,
}: {
  field: CustomField;
  count: number;
  pending: boolean;
  onClose: () => void;
  onApply: (customFields: Record<string, unknown>) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const fields = [field];
  // Shaped as a record's form: the control is named customFields.<key>, the path a server refusal names.
  const form = useSchemaForm(z.object({ customFields: customFieldsSchema(fields, t) }), {
    customFields: formValuesOf(fields, undefined),
  });
  const formatted = formatInteger(count);
  const label = labelIn(field.label, i18n.language);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('contactsBulk.fieldDialog.title', { count, formatted, field: label })}
        description={t('contactsBulk.fieldDialog.hint')}
      >
        <Form
          form={form}
          id="bulk-field"
          onSubmit={(values) => onApply(valuesToSend(fields, values.customFields, false))}
        >
          <CustomFieldInputs control={form.control} fields={fields} disabled={pending} />
          <DialogFooter>
            <Button variant="outline" type="button" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {t('contactsBulk.fieldDialog.confirm', { count, formatted })}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
