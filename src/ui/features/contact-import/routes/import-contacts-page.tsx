import { mappingHint } from '../../../components/import/crm-presets';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { isImportActive, useContactImport } from '../api/get-contact-import';
import { useRecentContactImports } from '../api/get-recent-contact-imports';
import { MAPPING_TARGETS, useImportPreview, type ImportMapping, type ImportMode } from '../api/preview-contact-import';
import { useCustomFieldColumns } from '../../../components/import/custom-field-columns';
import { useStartContactImport } from '../api/start-contact-import';
import { ImportMappingStep } from '../../../components/import/import-mapping-step';
import { ImportSteps } from '../../../components/import/import-steps';
import { ImportErrorNote, ImportFileSection, ImportStepButtons } from '../../../components/import/import-wizard-parts';
import {
  ImportOwnerChoice,
  OwnerShares,
  ownerColumn,
  ownersOf,
  type OwnerChoice,
} from '../components/import-owner-choice';
import {
  ImportPrivacyChoice,
  NO_PRIVACY,
  privacyFields,
  privacyReady,
  type ImportPrivacy,
} from '../components/import-privacy-choice';
import { ImportModeChoice, ImportPreviewStep } from '../components/import-preview-step';
import { ImportProgress } from '../components/import-progress';
import { importErrorMessage } from '../import-errors';

function ErrorNote({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ImportErrorNote text={importErrorMessage(error, t)} />;
}

function BackToContacts() {
  const { t } = useTranslation();
  return (
    <Button variant="outline" asChild>
      <Link to="/crm/contacts">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('contactImport.backToContacts')}
      </Link>
    </Button>
  );
}

/** An import of the user's still under way, found after a reload or on coming back. */
function RunningImportNotice() {
  const { t } = useTranslation();
  const running = useRecentContactImports().data?.items.find(isImportActive);
  if (!running) return null;
  return (
    <p
      className="mb-4 flex flex-wrap items-center gap-2 rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm text-foreground"
      role="status"
    >
      <Loader2 className="h-4 w-4 animate-spin text-primary" aria-hidden="true" />
      {t('contactImport.running', { file: running.fileName ?? '' })}
      <Link className="font-medium text-primary underline" to={`/crm/contacts/import/${running.id}`}>
        {t('contactImport.seeProgress')}
      </Link>
    </p>
  );
}

type Step = 'file' | 'mapping' | 'preview';

const NAME_TARGETS = new Set<string>(['name', 'firstName', 'lastName']);

/** The wizard: a file, its columns mapped to fields, the dry run, then the import runs as a job (its own page). */
export function ImportContactsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The contacts' custom fields are targets too, by their label in the UI's language.
  const custom = useCustomFieldColumns('contact');
  const targets = [...MAPPING_TARGETS, ...custom.targets];
  const targetLabel = (target: string) => custom.labelOf(target) ?? t(`contactImport.fields.${target}`);
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [mode, setMode] = useState<ImportMode>('skip');
  const [ownerState, setOwnerState] = useState<OwnerChoice>({ kind: 'me', ownerId: null, ownerIds: [] });
  const [privacy, setPrivacy] = useState<ImportPrivacy>(NO_PRIVACY);
  const canAssign = useUser().data?.role === 'admin';
  // The first read of the file: its shape and the mapping guessed from its headers.
  const read = useImportPreview(file, undefined, 'skip');
  const columnsMapping = mapping ?? read.data?.suggestedMapping ?? {};
  // A column mapped to owner (guessed from its header, or chosen) is the owner choice.
  const owner: OwnerChoice = ownerColumn(columnsMapping) ? { ...ownerState, kind: 'column' } : ownerState;
  const owners = ownersOf(owner);
  const ownerReady = owners !== undefined && (owner.kind !== 'column' || ownerColumn(columnsMapping) !== undefined);
  const preview = useImportPreview(step === 'preview' && ownerReady ? file : null, columnsMapping, mode, owners);
  const start = useStartContactImport();
  // A name column, or the first and last names an export splits it into.
  const hasName = Object.values(columnsMapping).some((target) => NAME_TARGETS.has(target));
  const writes = ownerReady ? (preview.data?.counts.created ?? 0) + (preview.data?.counts.updated ?? 0) : 0;

  const chooseFile = (chosen: File) => {
    setFile(chosen);
    setMapping(null);
    setStep('file');
  };
  const run = () => {
    if (!file) return;
    start.mutate(
      { file, mapping: columnsMapping, mode, owners, privacy: privacyFields(privacy) },
      { onSuccess: (started) => navigate(`/crm/contacts/import/${started.id}`) },
    );
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('contactImport.title')}
        description={t('contactImport.subtitle')}
        actions={<BackToContacts />}
      />
      <RunningImportNotice />
      <ImportSteps current={step} />

      {step === 'file' && (
        <ImportFileSection
          file={file}
          reading={read.data}
          error={read.isError ? read.error : null}
          errorText={(error) => importErrorMessage(error, t)}
          onFile={chooseFile}
          onNext={() => setStep('mapping')}
        />
      )}

      {step === 'mapping' && read.data && (
        <section aria-label={t('contactImport.steps.mapping')} className="space-y-4">
          <ImportMappingStep
            columns={read.data.columns}
            mapping={columnsMapping}
            targets={targets}
            labelOf={targetLabel}
            hint={mappingHint(read.data.preset, t('contactImport.mapping.hint'), t)}
            problem={hasName ? null : t('contactImport.mapping.nameRequired')}
            onChange={setMapping}
          />
          <ImportStepButtons onBack={() => setStep('file')} onNext={() => setStep('preview')} nextDisabled={!hasName} />
        </section>
      )}

      {step === 'preview' && (
        <section aria-label={t('contactImport.steps.preview')} className="space-y-6">
          <ImportOwnerChoice
            choice={owner}
            onChange={setOwnerState}
            columns={read.data?.columns ?? []}
            mapping={columnsMapping}
            onMapping={setMapping}
            canAssign={canAssign}
          />
          <ImportModeChoice mode={mode} onChange={setMode} />
          <ImportPrivacyChoice value={privacy} onChange={setPrivacy} />
          {!ownerReady ? null : preview.isPending ? (
            <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              {t('contactImport.preview.checking')}
            </div>
          ) : preview.isError ? (
            <ErrorNote error={preview.error} />
          ) : (
            <>
              <OwnerShares owners={preview.data.owners} />
              <ImportPreviewStep preview={preview.data} mapping={columnsMapping} />
            </>
          )}
          {start.isError && <ErrorNote error={start.error} />}
          <div className="flex justify-between gap-2">
            <Button variant="outline" onClick={() => setStep('mapping')}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              {t('contactImport.back')}
            </Button>
            <Button onClick={run} disabled={!preview.data || start.isPending || writes === 0 || !privacyReady(privacy)}>
              {start.isPending
                ? t('contactImport.starting')
                : writes === 0
                  ? t('contactImport.nothingToImport')
                  : t('contactImport.start', { count: writes, formatted: formatInteger(writes) })}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

/** The import's own address: progress while the job runs (kept across a reload), then its result. */
export function ImportProgressPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const found = useContactImport(id);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={t('contactImport.title')}
        description={
          found.data
            ? t('contactImport.fileOf', {
                file: found.data.fileName ?? '—',
                at: formatDateTime(found.data.createdAt) ?? '',
              })
            : undefined
        }
        actions={<BackToContacts />}
      />
      <ImportSteps current="run" />
      {found.isPending ? (
        <PageSpinner />
      ) : found.isError ? (
        <ErrorNote error={found.error} />
      ) : (
        <ImportProgress found={found.data} />
      )}
    </div>
  );
}
