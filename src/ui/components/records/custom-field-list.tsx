import { useTranslation } from 'react-i18next';
import { labelIn, useCustomFields, type CustomFieldEntity } from '../../lib/api/custom-fields';
import { cn } from '../../lib/cn';
import { displayValue } from '../../lib/custom-field-values';
import { DetailField } from './record-page';

interface CustomFieldListProps {
  entity: CustomFieldEntity;
  /** The record's `customFields`. */
  values: Record<string, unknown> | null | undefined;
}

/**
 * A record's custom field values on its page, under their labels in the viewer's language, in the fields' order:
 * the offered fields always (an empty one says so), a retired one only while the record holds a value for it.
 */
export function CustomFieldList({ entity, values }: CustomFieldListProps) {
  const { t, i18n } = useTranslation();
  const fields = useCustomFields(entity, true);
  if (!fields.data) return null;
  const words = { yes: t('customFields.yes'), no: t('customFields.no') };
  return fields.data.items.map((field) => {
    const shown = displayValue(field, values?.[field.key], i18n.language, words);
    if (field.retired && shown === null) return null;
    return (
      <DetailField key={field.key} label={labelIn(field.label, i18n.language)}>
        {shown === null ? (
          <span className="text-muted-foreground">{t('customFields.empty')}</span>
        ) : (
          <span className="break-words whitespace-pre-wrap">{shown}</span>
        )}
      </DetailField>
    );
  });
}

/**
 * The pinned custom fields' values on a record's card (at most two, Settings chooses them), "Label: value", each on
 * one line; nothing for a field the record has no value for.
 */
export function PinnedFieldValues({ entity, values, className }: CustomFieldListProps & { className?: string }) {
  const { t, i18n } = useTranslation();
  const fields = useCustomFields(entity);
  const words = { yes: t('customFields.yes'), no: t('customFields.no') };
  const shown = (fields.data?.items ?? [])
    .filter((field) => field.pinned)
    .slice(0, 2)
    .flatMap((field) => {
      const value = displayValue(field, values?.[field.key], i18n.language, words);
      return value === null ? [] : [{ key: field.key, label: labelIn(field.label, i18n.language), value }];
    });
  if (shown.length === 0) return null;
  return (
    <dl className={cn('grid min-w-0 gap-0.5 text-xs', className)} data-testid="pinned-fields">
      {shown.map(({ key, label, value }) => (
        <div key={key} className="flex min-w-0 gap-1">
          <dt className="shrink-0 text-muted-foreground">{label}:</dt>
          <dd className="min-w-0 truncate text-foreground" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
