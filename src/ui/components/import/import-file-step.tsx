import { FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatInteger } from '../../lib/format';

/** How the server read the file: its data rows, encoding and separator. */
export interface FileReading {
  totalRows: number;
  encoding: 'utf-8' | 'windows-1252';
  delimiter: string;
}

/** "1,5 MB", "820 KB", "312 B" in the UI language. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en-US', { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/**
 * A drop zone that is also a labelled file input: click, keyboard or drag a .csv onto it. `unread`: the file could
 * not be read (its error is shown beside), so its rows are not being counted any more.
 */
export function ImportFileStep({
  file,
  preview,
  unread = false,
  onFile,
}: {
  file: File | null;
  preview: FileReading | undefined;
  unread?: boolean;
  onFile: (file: File) => void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div className="space-y-4">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors focus-within:ring-2 focus-within:ring-ring',
          dragging ? 'border-primary bg-primary/10' : 'border-border bg-surface hover:bg-muted/50',
        )}
      >
        <Upload className="h-8 w-8 text-primary" aria-hidden="true" />
        <span className="text-base font-medium text-foreground">{t('contactImport.file.choose')}</span>
        <span className="max-w-md text-sm text-muted-foreground">{t('contactImport.file.hint')}</span>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onFile(chosen);
            event.target.value = '';
          }}
        />
      </label>
      {file && (
        <div
          className="flex items-start gap-3 rounded-lg border border-border bg-surface p-4"
          data-testid="import-file-summary"
        >
          <FileSpreadsheet className="mt-0.5 h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('contactImport.file.name')}</dt>
            <dd className="truncate font-medium text-foreground">{file.name}</dd>
            <dt className="text-muted-foreground">{t('contactImport.file.size')}</dt>
            <dd className="text-foreground">{formatBytes(file.size, i18n.language)}</dd>
            <dt className="text-muted-foreground">{t('contactImport.file.rows')}</dt>
            <dd className="text-foreground" data-testid="import-rows-found">
              {preview ? formatInteger(preview.totalRows) : unread ? '—' : '…'}
            </dd>
            {preview && (
              <>
                <dt className="text-muted-foreground">{t('contactImport.file.format')}</dt>
                <dd className="text-foreground">
                  {t('contactImport.file.formatValue', {
                    encoding: preview.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252',
                    delimiter: t(
                      `contactImport.file.delimiters.${preview.delimiter === ',' ? 'comma' : preview.delimiter === ';' ? 'semicolon' : 'tab'}`,
                    ),
                  })}
                </dd>
              </>
            )}
          </dl>
        </div>
      )}
    </div>
  );
}
