import { Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReportChoices } from '../../../lib/report-choices';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { CheckboxField, Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import type { SavedReport } from '../../../lib/api/get-saved-reports';
import { errorMessage } from '../../../lib/errors';
import { useUser } from '../../../lib/session';
import { useSavedReportResult } from '../api/get-saved-report-result';
import { useRunReport } from '../api/run-report';
import { useCreateSavedReport, useUpdateSavedReport } from '../api/save-report';
import {
  DEFAULT_FORM,
  fitToEntity,
  fromDefinition,
  reportFormSchema,
  toDefinition,
  type ReportFormValues,
} from '../report-form';
import { useSettled } from '../use-settled';
import { BackLink } from './back-link';
import { DeleteReportDialog } from './delete-report-dialog';
import { ExportReportButton } from './export-report-button';
import { ReportDefinitionFields } from './report-definition-fields';
import { ReportResultView } from './report-result';

/** A report's definition beside its live preview; saved, it can be changed by its author and shared with the team. */
export function ReportBuilder({ saved }: { saved?: SavedReport }) {
  const { t } = useTranslation();
  const choices = useReportChoices();
  const navigate = useNavigate();
  const user = useUser().data;
  const readOnly = saved !== undefined && !saved.canEdit;
  const form = useSchemaForm(
    reportFormSchema,
    saved ? fromDefinition(saved.definition, saved.name, saved.shared) : DEFAULT_FORM,
  );
  const values = useWatch({ control: form.control }) as ReportFormValues;
  const fitted = fitToEntity({ ...DEFAULT_FORM, ...values });
  const definition = useSettled(toDefinition(fitted));
  const preview = useRunReport(readOnly ? null : definition);
  const shared = useSavedReportResult(saved?.id ?? 0, readOnly);
  const result = readOnly ? shared.data : preview.data;
  const loading = readOnly ? shared.isFetching : preview.isFetching;
  const failed = readOnly ? shared.error : preview.error;
  const isAdmin = user?.role === 'admin';
  const create = useCreateSavedReport();
  const update = useUpdateSavedReport();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const save = async (input: ReturnType<typeof reportFormSchema.parse>) => {
    const body = { name: input.name, shared: input.shared, definition: toDefinition(input) };
    if (saved) {
      await update.mutateAsync({ id: saved.id, body });
      form.reset(input);
      toast({ title: t('reportBuilder.saved') });
    } else {
      const created = await create.mutateAsync(body);
      toast({ title: t('reportBuilder.saved') });
      navigate(`/crm/reports/saved/${created.id}`, { replace: true });
    }
  };

  const title = saved ? saved.name : t('reportBuilder.newTitle');
  const caption = result
    ? t('reportBuilder.caption', {
        what: t(`reportBuilder.entities.${result.definition.entity}`),
        measure: choices.measureName(result.definition),
        grouping: choices.groupingName(result.definition),
      })
    : '';

  return (
    <div>
      <PageHeader
        title={title}
        description={
          readOnly
            ? t('reportBuilder.readOnly', { name: saved.authorName })
            : saved
              ? t('reportBuilder.editHint')
              : t('reportBuilder.subtitle')
        }
        actions={<BackLink />}
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t('reportBuilder.definition')}</CardTitle>
          </CardHeader>
          <CardContent>
            <Form
              form={form}
              id="report-builder"
              onSubmit={save}
              onError={(error, { onField }) =>
                !onField && toast({ title: errorMessage(error, t), variant: 'destructive' })
              }
            >
              <ReportDefinitionFields form={form} fitted={fitted} readOnly={readOnly} isAdmin={isAdmin} />
              {!readOnly && (
                <div className="grid gap-3 border-t border-border pt-4">
                  <FormField
                    control={form.control}
                    name="name"
                    label={t('reportBuilder.fields.name')}
                    render={(field) => <Input {...field} maxLength={120} autoComplete="off" />}
                  />
                  <CheckboxField
                    control={form.control}
                    name="shared"
                    id="report-builder-shared"
                    label={t('reportBuilder.share')}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" disabled={form.formState.isSubmitting}>
                      {form.formState.isSubmitting ? <Spinner /> : <Save className="h-4 w-4" aria-hidden="true" />}
                      {saved ? t('reportBuilder.saveChanges') : t('reportBuilder.save')}
                    </Button>
                    {saved?.canDelete && (
                      <Button type="button" variant="outline" onClick={() => setConfirmDelete(true)}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        {t('reportBuilder.delete')}
                      </Button>
                    )}
                  </div>
                </div>
              )}
              {readOnly && saved.canDelete && (
                <Button type="button" variant="outline" onClick={() => setConfirmDelete(true)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {t('reportBuilder.delete')}
                </Button>
              )}
            </Form>
          </CardContent>
        </Card>
        {/* On a phone the preview comes first, so each choice below shows its effect without scrolling back. */}
        <Card aria-busy={loading} className="order-first self-start lg:order-none">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{t('reportBuilder.preview')}</CardTitle>
            {result && <ExportReportButton result={result} name={title} />}
          </CardHeader>
          <CardContent className="grid gap-4">
            {failed ? (
              <p role="alert" className="text-sm text-danger">
                {errorMessage(failed, t)}
              </p>
            ) : !result ? (
              <div className="flex h-80 items-center justify-center">
                <Spinner />
              </div>
            ) : (
              <ReportResultView result={result} caption={caption} />
            )}
          </CardContent>
        </Card>
      </div>
      {saved && confirmDelete && <DeleteReportDialog report={saved} onClose={() => setConfirmDelete(false)} />}
    </div>
  );
}
