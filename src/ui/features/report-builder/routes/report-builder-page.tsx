import { ArrowLeft, Download, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import { useSavedReport } from '../api/get-saved-report';
import type { SavedReport } from '../../../lib/api/get-saved-reports';
import { useSavedReportResult } from '../api/get-saved-report-result';
import { DEFAULT_PIPELINE, useStages } from '../../../lib/api/get-stages';
import { useRunReport, type ReportResult } from '../api/run-report';
import { useCreateSavedReport, useDeleteSavedReport, useUpdateSavedReport } from '../api/save-report';
import { ReportChart, rowsOf } from '../components/report-chart';
import { formatMeasure } from '../group-label';
import {
  ANY,
  CHARTS,
  DEFAULT_FORM,
  ENTITIES,
  PERIODS,
  RULES,
  fitToEntity,
  fromDefinition,
  reportCsv,
  reportFormSchema,
  toDefinition,
  type ReportFormValues,
} from '../report-form';

/** /crm/reports/new: an empty builder. */
export function ReportBuilderPage() {
  return <Builder key="new" />;
}

/** /crm/reports/saved/:id: a saved report, editable by its author, read-only for the team once shared. */
export function SavedReportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const report = useSavedReport(Number.isSafeInteger(id) && id > 0 ? id : 0);
  if (report.isPending) return <PageSpinner />;
  if (report.isError)
    return (
      <div className="grid gap-4">
        <p role="alert" className="text-sm text-danger">
          {errorMessage(report.error, t)}
        </p>
        <BackLink />
      </div>
    );
  return <Builder key={report.data.id} saved={report.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button variant="outline" asChild>
      <Link to="/crm/reports">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('reportBuilder.back')}
      </Link>
    </Button>
  );
}

/** Waits for the choices to settle (a typed source) before asking the server again. */
function useSettled<T>(value: T, ms = 300): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

function Builder({ saved }: { saved?: SavedReport }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser().data;
  const readOnly = saved !== undefined && !saved.canEdit;
  const form = useSchemaForm(
    reportFormSchema,
    saved ? fromDefinition(saved.definition, saved.name, saved.shared) : DEFAULT_FORM,
  );
  const values = useWatch({ control: form.control }) as ReportFormValues;
  const fitted = fitToEntity({ ...DEFAULT_FORM, ...values });
  const rules = RULES[fitted.entity];
  const definition = useSettled(toDefinition(fitted));
  const preview = useRunReport(readOnly ? null : definition);
  const shared = useSavedReportResult(saved?.id ?? 0, readOnly);
  const result = readOnly ? shared.data : preview.data;
  const loading = readOnly ? shared.isFetching : preview.isFetching;
  const failed = readOnly ? shared.error : preview.error;
  const isAdmin = user?.role === 'admin';
  const owners = useUserChoices(isAdmin && !readOnly);
  const stages = useStages(DEFAULT_PIPELINE, fitted.entity === 'deals' && !readOnly);
  const create = useCreateSavedReport();
  const update = useUpdateSavedReport();
  const [confirmDelete, setConfirmDelete] = useState(false);

  /** Another entity: the choices that no longer apply go back to ones that do. */
  const changeEntity = (entity: ReportFormValues['entity']) => {
    const next = fitToEntity({ ...form.getValues(), entity });
    (Object.keys(next) as (keyof ReportFormValues)[]).forEach((name) =>
      form.setValue(name, next[name] as never, { shouldDirty: true }),
    );
  };

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

  const option =
    (group: string) =>
    <V extends string>(value: V) => ({ value, label: t(`reportBuilder.${group}.${value}`) });
  const title = saved ? saved.name : t('reportBuilder.newTitle');
  const caption = result
    ? t('reportBuilder.caption', {
        what: t(`reportBuilder.entities.${result.definition.entity}`),
        measure: t(`reportBuilder.measures.${result.definition.measure}`),
        grouping: t(`reportBuilder.groupings.${result.definition.groupBy}`),
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
              <fieldset disabled={readOnly} className="grid gap-4">
                <FormField
                  control={form.control}
                  name="entity"
                  label={t('reportBuilder.fields.entity')}
                  render={(field) => (
                    <Select
                      id={field.id}
                      value={field.value}
                      disabled={readOnly}
                      onValueChange={changeEntity}
                      options={ENTITIES.map(option('entities'))}
                    />
                  )}
                />
                <FormField
                  control={form.control}
                  name="measure"
                  label={t('reportBuilder.fields.measure')}
                  description={fitted.entity !== 'deals' ? t('reportBuilder.countOnly') : undefined}
                  render={(field) => (
                    <Select
                      id={field.id}
                      value={fitted.measure}
                      disabled={readOnly}
                      onValueChange={field.onChange}
                      options={rules.measures.map(option('measures'))}
                    />
                  )}
                />
                <FormField
                  control={form.control}
                  name="groupBy"
                  label={t('reportBuilder.fields.groupBy')}
                  render={(field) => (
                    <Select
                      id={field.id}
                      value={fitted.groupBy}
                      disabled={readOnly}
                      onValueChange={field.onChange}
                      options={rules.groupings.map(option('groupings'))}
                    />
                  )}
                />
                <div className="grid grid-cols-2 gap-3">
                  <FormField
                    control={form.control}
                    name="period"
                    label={t('reportBuilder.fields.period')}
                    render={(field) => (
                      <Select
                        id={field.id}
                        value={field.value}
                        disabled={readOnly}
                        onValueChange={field.onChange}
                        options={PERIODS.map(option('periods'))}
                      />
                    )}
                  />
                  <FormField
                    control={form.control}
                    name="dateField"
                    label={t('reportBuilder.fields.dateField')}
                    render={(field) => (
                      <Select
                        id={field.id}
                        value={fitted.dateField}
                        disabled={readOnly}
                        onValueChange={field.onChange}
                        options={rules.dateFields.map(option('dateFields'))}
                      />
                    )}
                  />
                </div>
                <FormField
                  control={form.control}
                  name="chart"
                  label={t('reportBuilder.fields.chart')}
                  render={(field) => (
                    <Select
                      id={field.id}
                      value={field.value}
                      disabled={readOnly}
                      onValueChange={field.onChange}
                      options={CHARTS.map(option('charts'))}
                    />
                  )}
                />
                <p className="text-sm font-medium text-foreground">{t('reportBuilder.filters')}</p>
                <FormField
                  control={form.control}
                  name="status"
                  label={t('reportBuilder.fields.status')}
                  render={(field) => (
                    <Select
                      id={field.id}
                      value={fitted.status}
                      disabled={readOnly}
                      onValueChange={field.onChange}
                      options={[{ value: ANY, label: t('reportBuilder.any') }, ...rules.statuses.map(option('values'))]}
                    />
                  )}
                />
                {rules.stage && (
                  <FormField
                    control={form.control}
                    name="stage"
                    label={t('reportBuilder.fields.stage')}
                    render={(field) => (
                      <Select
                        id={field.id}
                        value={fitted.stage}
                        disabled={readOnly}
                        onValueChange={field.onChange}
                        options={[
                          { value: ANY, label: t('reportBuilder.any') },
                          ...(stages.data?.items ?? []).map((s) => ({
                            value: s.stage,
                            label: t(`dealForm.stages.${s.stage}`, { defaultValue: s.stage }),
                          })),
                          ...(fitted.stage !== ANY && !stages.data?.items.some((s) => s.stage === fitted.stage)
                            ? [{ value: fitted.stage, label: fitted.stage }]
                            : []),
                        ]}
                      />
                    )}
                  />
                )}
                {rules.types.length > 0 && (
                  <FormField
                    control={form.control}
                    name="type"
                    label={t('reportBuilder.fields.type')}
                    render={(field) => (
                      <Select
                        id={field.id}
                        value={fitted.type}
                        disabled={readOnly}
                        onValueChange={field.onChange}
                        options={[{ value: ANY, label: t('reportBuilder.any') }, ...rules.types.map(option('values'))]}
                      />
                    )}
                  />
                )}
                {rules.source && (
                  <FormField
                    control={form.control}
                    name="source"
                    label={t('reportBuilder.fields.source')}
                    description={t('reportBuilder.sourceHint')}
                    render={(field) => <Input {...field} maxLength={100} />}
                  />
                )}
                {isAdmin && !readOnly ? (
                  <FormField
                    control={form.control}
                    name="ownerId"
                    label={t(
                      fitted.entity === 'activities' ? 'reportBuilder.fields.assignee' : 'reportBuilder.fields.owner',
                    )}
                    render={(field) => (
                      <Select
                        id={field.id}
                        value={field.value}
                        onValueChange={field.onChange}
                        options={[
                          { value: ANY, label: t('reportBuilder.anyone') },
                          ...(owners.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.name })),
                        ]}
                      />
                    )}
                  />
                ) : null}
              </fieldset>
              {!readOnly && (
                <div className="grid gap-3 border-t border-border pt-4">
                  <FormField
                    control={form.control}
                    name="name"
                    label={t('reportBuilder.fields.name')}
                    render={(field) => <Input {...field} maxLength={120} autoComplete="off" />}
                  />
                  <div className="flex items-center gap-2">
                    <Controller
                      control={form.control}
                      name="shared"
                      render={({ field }) => (
                        <Checkbox
                          id="report-builder-shared"
                          checked={field.value}
                          onCheckedChange={(checked) => field.onChange(checked === true)}
                        />
                      )}
                    />
                    <label htmlFor="report-builder-shared" className="text-sm text-foreground">
                      {t('reportBuilder.share')}
                    </label>
                  </div>
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
            {result && <ExportButton result={result} name={title} />}
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
              <ResultView result={result} caption={caption} />
            )}
          </CardContent>
        </Card>
      </div>
      {saved && confirmDelete && <DeleteDialog report={saved} onClose={() => setConfirmDelete(false)} />}
    </div>
  );
}

function ResultView({ result, caption }: { result: ReportResult; caption: string }) {
  const { t } = useTranslation();
  const measure = result.definition.measure;
  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="report-total">
        {t('reportBuilder.totalLine', { count: result.total.count })}
        {measure !== 'count' &&
          ` · ${t(`reportBuilder.measures.${measure}`)}: ${formatMeasure(result.total.value, measure)}`}
        {' · '}
        {result.since
          ? t('reportBuilder.window', { since: formatDateTime(result.since), until: formatDateTime(result.until) })
          : t('reportBuilder.allTime')}
      </p>
      {result.groups.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">{t('reportBuilder.noData')}</p>
      ) : (
        <ReportChart result={result} caption={caption} />
      )}
      {result.otherGroups > 0 && (
        <p className="text-xs text-muted-foreground">{t('reportBuilder.otherNote', { count: result.otherGroups })}</p>
      )}
    </>
  );
}

function ExportButton({ result, name }: { result: ReportResult; name: string }) {
  const { t } = useTranslation();
  const download = () => {
    const measure = result.definition.measure;
    const rows = rowsOf(result, t).map((r, i) => ({ label: r.name, count: r.count, value: result.groups[i].value }));
    const csv = reportCsv(
      [
        t(`reportBuilder.groupings.${result.definition.groupBy}`),
        t('reportBuilder.records'),
        t(`reportBuilder.measures.${measure}`),
      ],
      rows,
      { label: t('reportBuilder.total'), count: result.total.count, value: result.total.value },
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'report'}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={download}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {t('reportBuilder.exportCsv')}
    </Button>
  );
}

function DeleteDialog({ report, onClose }: { report: SavedReport; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteSavedReport();
  const confirm = async () => {
    try {
      await remove.mutateAsync(report.id);
      toast({ title: t('reportBuilder.deleted') });
      navigate('/crm/reports');
    } catch (error) {
      toast({ title: errorMessage(error, t), variant: 'destructive' });
      onClose();
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('reportBuilder.deleteTitle')}
        description={t('reportBuilder.deleteDescription', { name: report.name })}
      >
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('reportBuilder.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {t('reportBuilder.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
