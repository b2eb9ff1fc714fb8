import type { TFunction } from 'i18next';
import { labelIn, type CustomField } from '../../lib/api/custom-fields';
import { formatCurrency, formatInteger } from '../../lib/format';
import type { ReportDefinition, ReportGroup } from './api/run-report';

type T = TFunction | ((key: string, options?: Record<string, unknown>) => string);

/**
 * A group's name as the reader knows it: translated statuses, types and seeded stages, names, dates as dd/MM/yyyy;
 * by a custom field (`field`, the one the grouping names), its option's label or yes/no in `language`.
 */
export function groupLabel(
  group: ReportGroup,
  definition: Pick<ReportDefinition, 'groupBy'>,
  t: T,
  otherGroups = 0,
  field?: CustomField,
  language = 'pt-BR',
): string {
  if (group.other) return t('reportBuilder.otherGroup', { count: otherGroups });
  const key = group.key;
  if (field) {
    if (key === null) return t('reportBuilder.none.field');
    if (field.type === 'checkbox') return t(key === 'true' ? 'customFields.yes' : 'customFields.no');
    const option = field.options.find((o) => o.key === key);
    return option ? labelIn(option.label, language) : key;
  }
  if (key === null)
    return t(`reportBuilder.none.${definition.groupBy}`, { defaultValue: t('reportBuilder.none.other') });
  switch (definition.groupBy) {
    case 'stage':
      return t(`dealForm.stages.${key}`, { defaultValue: key });
    case 'status':
    case 'type':
      return t(`reportBuilder.values.${key}`, { defaultValue: key });
    case 'owner':
      return group.label ?? key;
    case 'week': {
      const [y, m, d] = key.split('-');
      return t('reportBuilder.weekOf', { date: `${d}/${m}/${y}` });
    }
    case 'month': {
      const [y, m] = key.split('-');
      return `${m}/${y}`;
    }
    default:
      return group.label ?? key;
  }
}

/**
 * A measure's value as shown: integers for counts, BRL for money, a dash for an average of nothing; a custom sum
 * (`field`, the one the measure names) as its type: an amount in BRL, a number as pt-BR writes it.
 */
export function formatMeasure(value: string | null, measure: ReportDefinition['measure'], field?: CustomField): string {
  if (value === null) return '—';
  if (field?.type === 'number') return Number(value).toLocaleString('pt-BR');
  return measure === 'count' || measure === undefined ? formatInteger(Number(value)) : formatCurrency(value);
}
