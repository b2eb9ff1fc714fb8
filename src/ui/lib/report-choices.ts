import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { customFieldKeyOf } from './custom-field-values';
import { getCustomFieldsQueryOptions, labelIn, type CustomField, type CustomFieldEntity } from './api/custom-fields';

/** The key of a builder report's measure or grouping that names a custom field (`customFields.<key>`). */
export const reportFieldKey = customFieldKeyOf;

type ReportEntity = 'deals' | 'contacts' | 'activities';
/** Whose custom fields a report of each entity may name (activities have none). */
export const REPORT_FIELD_ENTITY: Record<ReportEntity, CustomFieldEntity | null> = {
  deals: 'deal',
  contacts: 'contact',
  activities: null,
};

/** The custom field types a report sums, and those it groups by (as the server allows them). */
export const SUMMED_TYPES: readonly CustomField['type'][] = ['currency', 'number'];
export const GROUPING_TYPES: readonly CustomField['type'][] = ['select', 'checkbox'];

interface Definition {
  entity: ReportEntity;
  measure?: string;
  groupBy: string;
}

/**
 * The names of builder reports' choices in the UI's language, a custom field's by its label (retired ones too: a
 * saved report keeps reading them); the deals' and contacts' fields are read once for every report shown.
 */
export function useReportChoices() {
  const { t, i18n } = useTranslation();
  const deals = useQuery(getCustomFieldsQueryOptions('deal', true)).data?.items ?? [];
  const contacts = useQuery(getCustomFieldsQueryOptions('contact', true)).data?.items ?? [];
  const fieldsOf = (entity: ReportEntity): CustomField[] =>
    REPORT_FIELD_ENTITY[entity] === 'deal' ? deals : REPORT_FIELD_ENTITY[entity] === 'contact' ? contacts : [];
  /** The custom field a choice of the definition names, when it names one its entity has. */
  const fieldOf = (definition: Pick<Definition, 'entity'>, choice: string | undefined) => {
    const key = reportFieldKey(choice);
    return key === undefined ? undefined : fieldsOf(definition.entity).find((field) => field.key === key);
  };
  const name = (definition: Definition, choice: string, group: 'measures' | 'groupings') => {
    const field = fieldOf(definition, choice);
    if (field) {
      const label = labelIn(field.label, i18n.language);
      return group === 'measures' ? t('reportBuilder.sumOf', { field: label }) : label;
    }
    return reportFieldKey(choice) !== undefined ? choice : t(`reportBuilder.${group}.${choice}`);
  };
  return {
    fieldsOf,
    fieldOf,
    measureName: (definition: Definition) => name(definition, definition.measure ?? 'count', 'measures'),
    groupingName: (definition: Definition) => name(definition, definition.groupBy, 'groupings'),
  };
}
export type ReportChoices = ReturnType<typeof useReportChoices>;
