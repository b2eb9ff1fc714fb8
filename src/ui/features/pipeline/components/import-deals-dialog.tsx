import { Loader2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { customFieldRefusal, useCustomFieldColumns } from '../../../components/import/custom-field-columns';
import { PRESET_PRODUCTS } from '../../../components/import/crm-presets';
import { ImportFileStep } from '../../../components/import/import-file-step';
import { ImportMappingStep } from '../../../components/import/import-mapping-step';
import { ImportCount, ImportErrorNote, ImportStepButtons } from '../../../components/import/import-wizard-parts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Select } from '../../../components/ui/select';
import { pipelineOptions, usePipelines, useStages } from '../../../lib/api/get-stages';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import { formatCurrency, formatInteger } from '../../../lib/format';
import { useImportDeals, type DealImportResult } from '../api/import-deals';
import {
  DEAL_MAPPING_TARGETS,
  useDealImportPreview,
  type DealImportPreview,
  type DealMapping,
  type DealStageLine,
} from '../api/preview-deal-import';
import { stageLabel } from '../stage-label';

const STEPS = ['file', 'preview', 'stages', 'result'] as const;
type Step = (typeof STEPS)[number];

const REASONS: [RegExp, string][] = [
  [/^required$/, 'required'],
  [/^must be an amount/, 'amount'],
  [/^must be a date/, 'date'],
  [/^"(.*)" is not open, won or lost$/s, 'status'],
  [/^must be a percent/, 'percent'],
  [/^(\d{4}-\d{2}-\d{2}) is after today$/, 'future'],
  [/^not an email address$/, 'email'],
  [/^the pipeline has no (won|lost) stage$/, 'noClosedStage'],
];

/** A refused row's reason ("value: must be an amount ...") in the UI language: the field by its label. */
export function dealRefusal(reason: string, t: TFunction, custom: (target: string) => string | undefined): string {
  const customText = customFieldRefusal(reason, t, custom);
  if (customText) return customText;
  const split = reason.indexOf(': ');
  if (split === -1) return reason;
  const field = reason.slice(0, split);
  const rest = reason.slice(split + 2);
  const label = t(`dealImport.fields.${field}`, { defaultValue: field });
  for (const [pattern, key] of REASONS) {
    const match = pattern.exec(rest);
    if (match) return `${label}: ${t(`dealImport.reasons.${key}`, { value: match[1] ?? '' })}`;
  }
  return `${label}: ${rest}`;
}

/** Where the wizard is: the steps, the current one marked for screen readers. */
function Steps({ current }: { current: Step }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <ol aria-label={t('dealImport.steps.label')} className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
      {STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === at ? 'step' : undefined}
          className={cn(index === at ? 'font-medium text-foreground' : 'text-muted-foreground')}
        >
          {index + 1}. {t(`dealImport.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

/** What the import does (or did), one box each: `testId`-`key` names each figure. */
function Counts({ items, testId }: { items: [string, string, number][]; testId: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3" data-testid={testId}>
      {items.map(([key, label, value]) => (
        <ImportCount key={key} label={label} value={value} testId={`${testId}-${key}`} />
      ))}
    </dl>
  );
}

/** The first rows: each with what importing it does, or why it is refused. */
function PreviewRows({ preview }: { preview: DealImportPreview }) {
  const { t } = useTranslation();
  const custom = useCustomFieldColumns('deal');
  return (
    <section aria-labelledby="deal-import-rows-title">
      <h3 id="deal-import-rows-title" className="mb-2 text-sm font-semibold text-foreground">
        {t('dealImport.preview.rows', { count: preview.rows.length })}
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-border text-sm" data-testid="deal-import-rows">
        {preview.rows.map((row) => (
          <li key={row.rowNumber} className="grid gap-1 px-3 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-muted-foreground">
                {t('contactImport.preview.rowNumber', { row: row.rowNumber })}
              </span>
              <Badge tone={row.action === 'create' ? 'success' : 'danger'}>
                {t(`dealImport.actions.${row.action}`)}
              </Badge>
              <span className="min-w-0 font-medium break-words text-foreground">{row.title ?? '—'}</span>
            </div>
            {row.action === 'rejected' ? (
              <span className="text-danger">{dealRefusal(row.reason ?? '', t, custom.labelOf)}</span>
            ) : (
              <span className="text-muted-foreground">
                {[
                  row.value !== null && formatCurrency(Number(row.value)),
                  row.stage ? stageLabel(row.stage, t) : t('dealImport.preview.stageToChoose', { name: row.stageName }),
                  row.contactName &&
                    t(row.contactId ? 'dealImport.preview.contact' : 'dealImport.preview.newContact', {
                      name: row.contactName,
                    }),
                  row.companyName &&
                    t(row.companyId ? 'dealImport.preview.company' : 'dealImport.preview.newCompany', {
                      name: row.companyName,
                    }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

const stagesSchemaOf = (t: TFunction) =>
  z.object({
    lines: z.array(z.object({ name: z.string(), stage: z.string().min(1, t('dealImport.stages.required')) })),
  });

/**
 * Each stage name of the file, its rows, and the pipeline's stage it goes to: pre-filled where matched, chosen by the
 * person where not (required). Submitting imports the file with that stage mapping.
 */
function StagesStep({
  lines,
  pipeline,
  onBack,
  onImport,
  pending,
}: {
  lines: DealStageLine[];
  pipeline: string;
  onBack: () => void;
  onImport: (stageMapping: Record<string, string>) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const stages = useStages(pipeline);
  const [schema] = useState(() => stagesSchemaOf(t));
  const form = useSchemaForm(schema, {
    lines: lines.map((line) => ({ name: line.name, stage: line.stage ?? '' })),
  });
  const options = (stages.data?.items ?? []).map((s) => ({ value: s.stage, label: stageLabel(s.stage, t) }));
  const submit = (values: z.output<typeof schema>) =>
    onImport(Object.fromEntries(values.lines.map((line) => [line.name, line.stage])));
  return (
    <Form form={form} id="deal-import-stages" onSubmit={submit}>
      <p className="text-sm text-muted-foreground">
        {lines.length ? t('dealImport.stages.hint') : t('dealImport.stages.none')}
      </p>
      <ul className="grid gap-3" data-testid="deal-import-stages">
        {lines.map((line, index) => (
          <li key={line.name} className="rounded-lg border border-border p-3">
            <FormField
              control={form.control}
              name={`lines.${index}.stage`}
              label={`${line.name} (${t('dealImport.stages.rows', { count: line.rows, formatted: formatInteger(line.rows) })})`}
              description={
                line.matchedBy ? t(`dealImport.stages.matchedBy.${line.matchedBy}`) : t('dealImport.stages.unknown')
              }
              render={({ id, value, onChange }) => (
                <Select id={id} value={value} onValueChange={onChange} options={options} />
              )}
            />
          </li>
        ))}
      </ul>
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" onClick={onBack}>
          {t('contactImport.back')}
        </Button>
        <Button type="submit" disabled={pending || stages.isPending}>
          {pending ? t('dealImport.importing') : t('dealImport.start')}
        </Button>
      </div>
    </Form>
  );
}

/** The import's answer: what it did, and each refused row with why. */
function ImportResult({ result, onClose }: { result: DealImportResult; onClose: () => void }) {
  const { t } = useTranslation();
  const custom = useCustomFieldColumns('deal');
  const { created, rejected, contactsCreated, companiesCreated } = result.counts;
  return (
    <section className="grid gap-4" data-testid="deal-import-result">
      <p role="status" className="font-medium text-foreground">
        {t('dealImport.done', { count: created, formatted: formatInteger(created) })}
      </p>
      <Counts
        testId="deal-import-did"
        items={[
          ['created', t('dealImport.counts.created'), created],
          ['rejected', t('dealImport.counts.rejected'), rejected],
          ['contactsCreated', t('dealImport.counts.contactsCreated'), contactsCreated],
          ['companiesCreated', t('dealImport.counts.companiesCreated'), companiesCreated],
        ]}
      />
      {result.rejections.length > 0 && (
        <ul
          className="divide-y divide-border rounded-lg border border-border text-sm"
          data-testid="deal-import-refused"
        >
          {result.rejections.map((rejection) => (
            <li key={rejection.rowNumber} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:gap-4">
              <span className="shrink-0 text-muted-foreground">
                {t('contactImport.preview.rowNumber', { row: rejection.rowNumber })}
              </span>
              <span className="font-medium text-danger">{dealRefusal(rejection.reason, t, custom.labelOf)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('dealImport.seeBoard')}</Button>
      </div>
    </section>
  );
}

/**
 * The deals import (another CRM's export, or any CSV): the file and the pipeline, the dry run with the preset
 * recognised, the mapping (changeable), the counts and the first rows, then each stage name mapped to one of the
 * pipeline's stages, then the import, done in the request, and its result; the board refreshes.
 */
export function ImportDealsDialog({ pipeline: initial, onClose }: { pipeline: string; onClose: () => void }) {
  const { t } = useTranslation();
  const custom = useCustomFieldColumns('deal');
  const pipelines = usePipelines();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pipeline, setPipeline] = useState(initial);
  const [mapping, setMapping] = useState<DealMapping | undefined>(undefined);
  const preview = useDealImportPreview(file, { mapping, pipeline });
  const run = useImportDeals();
  const data = preview.data;
  const titled = Object.values(data?.mapping ?? {}).includes('title');

  const chooseFile = (chosen: File) => {
    setFile(chosen);
    setMapping(undefined);
    run.reset();
  };
  const start = (stageMapping: Record<string, string>) =>
    new Promise((resolve, reject) =>
      run.mutate(
        { file: file!, mapping: data!.mapping, pipeline, stageMapping },
        {
          onSuccess: (result) => {
            setStep('result');
            resolve(result);
          },
          onError: reject,
        },
      ),
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('dealImport.title')} description={t('dealImport.subtitle')} className="max-w-2xl">
        <Steps current={step} />
        {step === 'file' && (
          <section aria-label={t('dealImport.steps.file')} className="grid gap-4">
            <ImportFileStep file={file} preview={data} unread={preview.isError} onFile={chooseFile} />
            {(pipelines.data?.items.length ?? 0) > 1 && (
              <div className="grid gap-1.5">
                <label htmlFor="deal-import-pipeline" className="text-sm font-medium text-foreground">
                  {t('dealImport.pipeline')}
                </label>
                <Select
                  id="deal-import-pipeline"
                  value={pipeline}
                  onValueChange={setPipeline}
                  options={pipelineOptions(pipelines.data?.items ?? [], pipeline, t)}
                />
              </div>
            )}
            {preview.isError && <ImportErrorNote text={errorMessage(preview.error, t)} />}
            <ImportStepButtons onNext={() => setStep('preview')} nextDisabled={!data || data.totalRows === 0} />
          </section>
        )}

        {step === 'preview' && data && (
          <section aria-label={t('dealImport.steps.preview')} className="grid gap-4">
            <ImportMappingStep
              columns={data.columns}
              mapping={data.mapping}
              targets={[...DEAL_MAPPING_TARGETS, ...custom.targets]}
              labelOf={(field) => custom.labelOf(field) ?? t(`dealImport.fields.${field}`)}
              hint={
                data.preset
                  ? t('dealImport.recognised', { product: PRESET_PRODUCTS[data.preset] })
                  : t('dealImport.mappingHint')
              }
              problem={titled ? null : t('dealImport.titleRequired')}
              onChange={setMapping}
            />
            {preview.isFetching ? (
              <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                {t('contactImport.preview.checking')}
              </div>
            ) : (
              <>
                <Counts
                  testId="deal-import-will"
                  items={[
                    ['create', t('dealImport.counts.create'), data.counts.create],
                    ['rejected', t('dealImport.counts.rejected'), data.counts.rejected],
                    ['newContacts', t('dealImport.counts.newContacts'), data.counts.newContacts],
                    ['newCompanies', t('dealImport.counts.newCompanies'), data.counts.newCompanies],
                  ]}
                />
                <PreviewRows preview={data} />
              </>
            )}
            <ImportStepButtons
              onBack={() => setStep('file')}
              onNext={() => setStep('stages')}
              nextDisabled={!titled || preview.isFetching || data.counts.create === 0}
            />
          </section>
        )}

        {step === 'stages' && data && (
          <section aria-label={t('dealImport.steps.stages')} className="grid gap-4">
            <StagesStep
              key={`${pipeline}:${data.stages.map((line) => line.name).join('\n')}`}
              lines={data.stages}
              pipeline={pipeline}
              onBack={() => setStep('preview')}
              onImport={start}
              pending={run.isPending}
            />
            {run.isError && <ImportErrorNote text={errorMessage(run.error, t)} />}
          </section>
        )}

        {step === 'result' && run.data && <ImportResult result={run.data} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
