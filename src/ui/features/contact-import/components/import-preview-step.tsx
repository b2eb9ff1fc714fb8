import { useTranslation } from 'react-i18next';
import { ImportCount } from '../../../components/import/import-wizard-parts';
import { Badge } from '../../../components/ui/badge';
import { formatInteger } from '../../../lib/format';
import { refusalText } from '../import-refusal';
import { ChoiceCards } from '../../../components/import/choice-cards';
import { IMPORT_FIELDS, type ImportMapping, type ImportMode, type ImportPreview } from '../api/preview-contact-import';
import { labelIn } from '../../../lib/api/custom-fields';
import { displayValue } from '../../../lib/custom-field-values';
import {
  customFieldKeyOf,
  customFieldRefusal,
  useCustomFieldColumns,
} from '../../../components/import/custom-field-columns';

const MODES: ImportMode[] = ['skip', 'update'];
const OUTCOME_TONES = { create: 'success', update: 'primary', skip: 'neutral' } as const;

/** Duplicates by email: leave the contact alone, or give it the row's values. */
export function ImportModeChoice({ mode, onChange }: { mode: ImportMode; onChange: (mode: ImportMode) => void }) {
  const { t } = useTranslation();
  const options = MODES.map((value) => ({
    value,
    label: t(`contactImport.mode.${value}`),
    hint: t(`contactImport.mode.${value}Hint`),
  }));
  return (
    <ChoiceCards
      name="import-mode"
      legend={t('contactImport.mode.legend')}
      value={mode}
      options={options}
      onChange={onChange}
    />
  );
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The dry run's answer: counts, the first rows as they will be stored, the refused rows and why. */
export function ImportPreviewStep({ preview, mapping }: { preview: ImportPreview; mapping: ImportMapping }) {
  const { t, i18n } = useTranslation();
  // The name shows when a column gives it, or the first and last names that make it.
  const targets = new Set<string>(Object.values(mapping));
  if (targets.has('firstName') || targets.has('lastName')) targets.add('name');
  const fields = IMPORT_FIELDS.filter((field) => targets.has(field));
  // The custom fields mapped, in their order, each shown as a record's page shows it.
  const mapped = new Set(Object.values(mapping).map(customFieldKeyOf));
  const custom = useCustomFieldColumns('contact');
  const customFields = custom.fields.filter((field) => mapped.has(field.key));
  const words = { yes: t('customFields.yes'), no: t('customFields.no') };
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <ImportCount
          label={t('contactImport.counts.toCreate')}
          value={preview.counts.created}
          testId="preview-created"
        />
        <ImportCount
          label={t('contactImport.counts.toUpdate')}
          value={preview.counts.updated}
          testId="preview-updated"
        />
        <ImportCount label={t('contactImport.counts.toSkip')} value={preview.counts.skipped} testId="preview-skipped" />
        <ImportCount
          label={t('contactImport.counts.toRefuse')}
          value={preview.counts.rejected}
          testId="preview-rejected"
        />
      </dl>

      <section aria-labelledby="import-sample-title">
        <h2 id="import-sample-title" className="mb-2 text-base font-semibold text-foreground">
          {t('contactImport.preview.sampleTitle')}
        </h2>
        {preview.sample.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('contactImport.preview.noValidRows')}</p>
        ) : (
          <div
            className="overflow-x-auto rounded-lg border border-border"
            tabIndex={0}
            role="region"
            aria-labelledby="import-sample-title"
          >
            <table className="w-full min-w-max text-left text-sm" data-testid="import-sample">
              <thead className="bg-muted/60 text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('contactImport.preview.row')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('contactImport.preview.outcome')}
                  </th>
                  {fields.map((field) => (
                    <th key={field} scope="col" className="px-3 py-2 font-medium">
                      {t(`contactImport.fields.${field}`)}
                    </th>
                  ))}
                  {customFields.map((field) => (
                    <th key={field.key} scope="col" className="px-3 py-2 font-medium">
                      {labelIn(field.label, i18n.language)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border bg-surface">
                {preview.sample.map((row) => (
                  <tr key={row.rowNumber}>
                    <td className="px-3 py-2 text-muted-foreground">{row.rowNumber}</td>
                    <td className="px-3 py-2">
                      <Badge tone={OUTCOME_TONES[row.outcome]}>{t(`contactImport.outcomes.${row.outcome}`)}</Badge>
                    </td>
                    {fields.map((field) => (
                      <td key={field} className="max-w-64 truncate px-3 py-2 text-foreground">
                        {field === 'status' && row.values.status
                          ? t(`contactImport.statuses.${row.values.status}`)
                          : cellText(row.values[field])}
                      </td>
                    ))}
                    {customFields.map((field) => (
                      <td key={field.key} className="max-w-64 truncate px-3 py-2 text-foreground">
                        {displayValue(field, row.values.customFields?.[field.key], i18n.language, words)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="import-refused-title">
        <h2 id="import-refused-title" className="mb-2 text-base font-semibold text-foreground">
          {t('contactImport.preview.refusedTitle', {
            count: preview.counts.rejected,
            formatted: formatInteger(preview.counts.rejected),
          })}
        </h2>
        {preview.rejections.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('contactImport.preview.noRefused')}</p>
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border bg-surface text-sm"
            data-testid="import-refused"
          >
            {preview.rejections.map((rejection) => (
              <li key={rejection.rowNumber} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:gap-4">
                <span className="shrink-0 text-muted-foreground">
                  {t('contactImport.preview.rowNumber', { row: rejection.rowNumber })}
                </span>
                <span className="font-medium text-danger">
                  {customFieldRefusal(rejection.reason, t, custom.labelOf) ?? refusalText(rejection.reason, t)}
                </span>
                <span className="min-w-0 truncate text-muted-foreground">
                  {Object.values(rejection.cells).filter(Boolean).join(' · ')}
                </span>
              </li>
            ))}
            {preview.counts.rejected > preview.rejections.length && (
              <li className="px-3 py-2 text-muted-foreground">
                {t('contactImport.preview.moreRefused', { count: preview.counts.rejected - preview.rejections.length })}
              </li>
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
