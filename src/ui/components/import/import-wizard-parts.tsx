import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../lib/format';
import { Button } from '../ui/button';
import { ImportFileStep, type FileReading } from './import-file-step';

/** A wizard's refusal or failure, as an alert. */
export function ImportErrorNote({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      {text}
    </p>
  );
}

/** One figure of a preview or a result (rows to create, created...), in a box. */
export function ImportCount({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border border-border bg-surface p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold text-foreground" data-testid={testId}>
        {formatInteger(value)}
      </dd>
    </div>
  );
}

/** Back and on: either may be absent; `next` replaces the "Next" text (the import's own button). */
export function ImportStepButtons({
  onBack,
  onNext,
  nextDisabled = false,
  next,
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextDisabled?: boolean;
  next?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={onBack ? 'flex justify-between gap-2' : 'flex justify-end'}>
      {onBack && (
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('contactImport.back')}
        </Button>
      )}
      {onNext && (
        <Button onClick={onNext} disabled={nextDisabled}>
          {next ?? (
            <>
              {t('contactImport.next')}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </>
          )}
        </Button>
      )}
    </div>
  );
}

/** The first step: the file chosen, how the server read it (or why it could not), and on once it has rows. */
export function ImportFileSection({
  file,
  reading,
  error,
  errorText,
  onFile,
  onNext,
}: {
  file: File | null;
  reading: FileReading | undefined;
  error: unknown;
  errorText: (error: unknown) => string;
  onFile: (file: File) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('contactImport.steps.file')} className="space-y-4">
      <ImportFileStep file={file} preview={reading} unread={Boolean(error)} onFile={onFile} />
      {Boolean(error) && <ImportErrorNote text={errorText(error)} />}
      {reading && reading.totalRows === 0 && <ImportErrorNote text={t('contactImport.file.noRows')} />}
      <ImportStepButtons onNext={onNext} nextDisabled={!reading || reading.totalRows === 0} />
    </section>
  );
}
