import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { MAPPING_TARGETS, type ImportMapping, type MappingTarget } from '../api/preview-contact-import';

const IGNORE = 'ignore';

/** One row per column of the file: the field it fills, or "ignore this column". A field goes to one column only. */
export function ImportMappingStep({
  columns,
  mapping,
  onChange,
}: {
  columns: string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const { t } = useTranslation();
  const options = [
    { value: IGNORE, label: t('contactImport.mapping.ignore') },
    ...MAPPING_TARGETS.map((field) => ({ value: field, label: t(`contactImport.fields.${field}`) })),
  ];
  const choose = (column: string, value: string) => {
    const next: ImportMapping = {};
    for (const [other, field] of Object.entries(mapping)) if (other !== column && field !== value) next[other] = field;
    if (value !== IGNORE) next[column] = value as MappingTarget;
    onChange(next);
  };
  const hasName = Object.values(mapping).includes('name');
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{t('contactImport.mapping.hint')}</p>
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
        {columns.map((column, index) => {
          const id = `import-column-${index}`;
          return (
            <li key={column} className="grid items-center gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:gap-4">
              <label htmlFor={id} className="min-w-0 truncate text-sm font-medium text-foreground">
                {column}
              </label>
              <Select
                id={id}
                value={mapping[column] ?? IGNORE}
                onValueChange={(value) => choose(column, value)}
                options={options}
              />
            </li>
          );
        })}
      </ul>
      {!hasName && (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {t('contactImport.mapping.nameRequired')}
        </p>
      )}
    </div>
  );
}
