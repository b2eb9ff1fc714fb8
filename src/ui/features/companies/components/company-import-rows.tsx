import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ImportCount } from '../../../components/import/import-wizard-parts';
import { Badge } from '../../../components/ui/badge';
import { customFieldRefusal, useCustomFieldColumns } from '../../../components/import/custom-field-columns';
import {
  COMPANY_MAPPING_TARGETS,
  type CompanyImportPreview,
  type CompanyImportRow,
  type CompanyMappingTarget,
} from '../api/preview-company-import';

const ACTION_TONES = { create: 'success', update: 'primary', skip: 'neutral', rejected: 'danger' } as const;

/** The server's reasons it names by pattern, in the UI language; the API's field checks as the API words them. */
export function companyRefusal(reason: string, t: TFunction): string {
  const same = /^the same company as row (\d+)$/.exec(reason);
  if (same) return t('companyImport.reasons.sameAs', { row: same[1] });
  const theirs = /^company #(\d+) belongs to someone else$/.exec(reason);
  if (theirs) return t('companyImport.reasons.notYours', { id: theirs[1] });
  if (reason === 'name is required to create a company') return t('companyImport.reasons.nameRequired');
  if (reason === 'the row has no value in a mapped column') return t('companyImport.reasons.empty');
  const owner = /^owner: (no active user is|several users are named) "(.*)"$/s.exec(reason);
  if (owner)
    return t(`companyImport.reasons.${owner[1] === 'no active user is' ? 'unknownOwner' : 'ambiguousOwner'}`, {
      name: owner[2],
    });
  if (reason.startsWith('cnpj is not a valid CNPJ')) return t('companyImport.reasons.cnpj');
  // The API's checks of a field: the field by its label; a value not in a list, with the list as a person reads it
  // (a size by its name); any other check in the API's words.
  const field = /^(\w+) /.exec(reason)?.[1] as CompanyMappingTarget | undefined;
  if (!field || !COMPANY_MAPPING_TARGETS.includes(field)) return reason;
  const label = t(`companies.fields.${field}`);
  const oneOf = /^\w+ must be one of \[(.*)\]$/.exec(reason);
  if (oneOf) {
    const accepted = oneOf[1].split(', ').filter((value) => value !== 'null');
    const values = accepted.map((value) =>
      field === 'size' ? t(`companies.size.${value}`, { defaultValue: value }) : value,
    );
    return t('companyImport.reasons.oneOf', { field: label, values: values.join(', ') });
  }
  return t('companyImport.reasons.field', { field: label, detail: reason });
}

/** Counts of what the import does (or did), one box each: `prefix` names their test ids. */
export function CompanyImportCounts({
  counts,
  prefix,
}: {
  counts: { create: number; update: number; skip: number; rejected: number };
  prefix: 'preview' | 'result';
}) {
  const { t } = useTranslation();
  const tense = prefix === 'preview' ? 'will' : 'did';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {(['create', 'update', 'skip', 'rejected'] as const).map((action) => (
        <ImportCount
          key={action}
          label={t(`companyImport.counts.${tense}.${action}`)}
          value={counts[action]}
          testId={`${prefix}-${action}`}
        />
      ))}
    </dl>
  );
}

/** How a row found its company: by CNPJ, e-mail domain or name, and which. */
function matchText(row: CompanyImportRow, t: TFunction): string {
  if (!row.matchedBy || row.companyId === null) return row.action === 'create' ? t('companyImport.rows.new') : '';
  return t(`companyImport.rows.matchedBy.${row.matchedBy}`, { name: row.companyName ?? `#${row.companyId}` });
}

/** The dry run's first rows: each with what it does, how it matched, its name and CNPJ, and why it is refused. */
export function CompanyImportRows({ preview }: { preview: CompanyImportPreview }) {
  const { t } = useTranslation();
  const custom = useCustomFieldColumns('company');
  return (
    <section aria-labelledby="company-import-rows-title">
      <h2 id="company-import-rows-title" className="mb-2 text-base font-semibold text-foreground">
        {t('companyImport.rows.title', { count: preview.rows.length })}
      </h2>
      <div
        className="overflow-x-auto rounded-lg border border-border"
        tabIndex={0}
        role="region"
        aria-labelledby="company-import-rows-title"
      >
        <table className="w-full min-w-max text-left text-sm" data-testid="company-import-rows">
          <thead className="bg-muted/60 text-xs text-muted-foreground">
            <tr>
              {[
                t('companyImport.rows.row'),
                t('companyImport.rows.action'),
                t('companies.fields.name'),
                t('companies.fields.cnpj'),
                t('companyImport.rows.match'),
              ].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border bg-surface">
            {preview.rows.map((row) => (
              <tr key={row.rowNumber}>
                <td className="px-3 py-2 text-muted-foreground">{row.rowNumber}</td>
                <td className="px-3 py-2">
                  <Badge tone={ACTION_TONES[row.action]}>{t(`companyImport.actions.${row.action}`)}</Badge>
                </td>
                <td className="max-w-64 truncate px-3 py-2 text-foreground">{row.values?.name ?? ''}</td>
                <td className="px-3 py-2 text-foreground">{row.values?.cnpj ?? ''}</td>
                <td className="max-w-96 px-3 py-2">
                  {row.reason ? (
                    <span className="text-danger">
                      {customFieldRefusal(row.reason, t, custom.labelOf) ?? companyRefusal(row.reason, t)}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">{matchText(row, t)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
