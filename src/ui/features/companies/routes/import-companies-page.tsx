import { mappingHint } from '../../../components/import/crm-presets';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChoiceCards } from '../../../components/import/choice-cards';
import { ImportMappingStep } from '../../../components/import/import-mapping-step';
import { customFieldRefusal, useCustomFieldColumns } from '../../../components/import/custom-field-columns';
import { ImportSteps } from '../../../components/import/import-steps';
import { ImportErrorNote, ImportFileSection, ImportStepButtons } from '../../../components/import/import-wizard-parts';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import { useImportCompanies, type CompanyImportResult } from '../api/import-companies';
import {
  COMPANY_MAPPING_TARGETS,
  useCompanyImportPreview,
  type CompanyImportMode,
  type CompanyMapping,
} from '../api/preview-company-import';
import { CompanyImportCounts, CompanyImportRows, companyRefusal } from '../components/company-import-rows';

function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ImportErrorNote text={errorMessage(error, t)} />;
}

function BackToCompanies() {
  const { t } = useTranslation();
  return (
    <Button variant="outline" asChild>
      <Link to="/crm/companies">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('companyImport.backToCompanies')}
      </Link>
    </Button>
  );
}

/** The import's answer: what it did, and each refused row with why. */
function ImportResult({ result }: { result: CompanyImportResult }) {
  const { t } = useTranslation();
  const custom = useCustomFieldColumns('company');
  const { created, updated, skipped, rejected } = result.counts;
  return (
    <section aria-label={t('contactImport.steps.run')} className="space-y-4" data-testid="company-import-result">
      <p role="status" className="text-base font-medium text-foreground">
        {t('companyImport.done')}
      </p>
      <CompanyImportCounts counts={{ create: created, update: updated, skip: skipped, rejected }} prefix="result" />
      {result.rejections.length > 0 && (
        <section aria-labelledby="company-import-refused-title">
          <h2 id="company-import-refused-title" className="mb-2 text-base font-semibold text-foreground">
            {t('companyImport.refusedTitle', { count: rejected, formatted: formatInteger(rejected) })}
          </h2>
          <ul
            className="divide-y divide-border rounded-lg border border-border bg-surface text-sm"
            data-testid="company-import-refused"
          >
            {result.rejections.map((rejection) => (
              <li key={rejection.rowNumber} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:gap-4">
                <span className="shrink-0 text-muted-foreground">
                  {t('contactImport.preview.rowNumber', { row: rejection.rowNumber })}
                </span>
                <span className="font-medium text-danger">
                  {customFieldRefusal(rejection.reason, t, custom.labelOf) ?? companyRefusal(rejection.reason, t)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex justify-end">
        <Button asChild>
          <Link to="/crm/companies">{t('companyImport.seeCompanies')}</Link>
        </Button>
      </div>
    </section>
  );
}

type Step = 'file' | 'mapping' | 'preview' | 'run';

/**
 * The companies import: a file, its columns mapped to fields (guessed from its headers), the dry run with how each row
 * finds its company (CNPJ, then e-mail domain, then name), then the import, done in the request, and its result.
 */
export function ImportCompaniesPage() {
  const { t } = useTranslation();
  // The companies' custom fields are targets too, by their label in the UI's language.
  const custom = useCustomFieldColumns('company');
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<CompanyMapping | null>(null);
  const [mode, setMode] = useState<CompanyImportMode>('update');
  // The first read of the file: its shape and the mapping guessed from its headers.
  const read = useCompanyImportPreview(file, undefined, 'update');
  const columnsMapping = mapping ?? read.data?.mapping ?? {};
  const preview = useCompanyImportPreview(step === 'preview' ? file : null, columnsMapping, mode);
  const run = useImportCompanies();
  const fields = Object.values(columnsMapping);
  const keyed = fields.includes('name') || fields.includes('cnpj');
  const writes = (preview.data?.counts.create ?? 0) + (preview.data?.counts.update ?? 0);

  const chooseFile = (chosen: File) => {
    setFile(chosen);
    setMapping(null);
    run.reset();
    setStep('file');
  };
  const start = () => {
    if (!file) return;
    run.mutate({ file, mapping: columnsMapping, mode }, { onSuccess: () => setStep('run') });
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('companyImport.title')}
        description={t('companyImport.subtitle')}
        actions={<BackToCompanies />}
      />
      <ImportSteps current={step} />

      {step === 'file' && (
        <ImportFileSection
          file={file}
          reading={read.data}
          error={read.isError ? read.error : null}
          errorText={(error) => errorMessage(error, t)}
          onFile={chooseFile}
          onNext={() => setStep('mapping')}
        />
      )}

      {step === 'mapping' && read.data && (
        <section aria-label={t('contactImport.steps.mapping')} className="space-y-4">
          <ImportMappingStep
            columns={read.data.columns}
            mapping={columnsMapping}
            targets={[...COMPANY_MAPPING_TARGETS, ...custom.targets]}
            labelOf={(field) => custom.labelOf(field) ?? t(`companies.fields.${field}`)}
            hint={mappingHint(read.data.preset, t('companyImport.mappingHint'), t)}
            problem={keyed ? null : t('companyImport.keyRequired')}
            onChange={setMapping}
          />
          <div className="rounded-lg border border-border bg-surface p-4 text-sm" data-testid="company-match-order">
            <h2 className="mb-1 font-medium text-foreground">{t('companyImport.matchOrder.title')}</h2>
            <ol className="list-decimal space-y-1 pl-5 text-muted-foreground">
              <li>{t('companyImport.matchOrder.cnpj')}</li>
              <li>{t('companyImport.matchOrder.emailDomain')}</li>
              <li>{t('companyImport.matchOrder.name')}</li>
              <li>{t('companyImport.matchOrder.none')}</li>
            </ol>
          </div>
          <ImportStepButtons onBack={() => setStep('file')} onNext={() => setStep('preview')} nextDisabled={!keyed} />
        </section>
      )}

      {step === 'preview' && (
        <section aria-label={t('contactImport.steps.preview')} className="space-y-6">
          <ChoiceCards
            name="company-import-mode"
            legend={t('companyImport.mode.legend')}
            value={mode}
            options={(['update', 'skip'] as const).map((value) => ({
              value,
              label: t(`companyImport.mode.${value}`),
              hint: t(`companyImport.mode.${value}Hint`),
            }))}
            onChange={setMode}
          />
          {preview.isPending ? (
            <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              {t('contactImport.preview.checking')}
            </div>
          ) : preview.isError ? (
            <ErrorNote error={preview.error} />
          ) : (
            <>
              <CompanyImportCounts counts={preview.data.counts} prefix="preview" />
              <CompanyImportRows preview={preview.data} />
            </>
          )}
          {run.isError && <ErrorNote error={run.error} />}
          <ImportStepButtons
            onBack={() => setStep('mapping')}
            onNext={start}
            nextDisabled={!preview.data || run.isPending || writes === 0}
            next={
              run.isPending
                ? t('companyImport.importing')
                : writes === 0
                  ? t('contactImport.nothingToImport')
                  : t('companyImport.start', { count: writes, formatted: formatInteger(writes) })
            }
          />
        </section>
      )}

      {step === 'run' && run.data && <ImportResult result={run.data} />}
    </div>
  );
}
