import { useTranslation } from 'react-i18next';
import { labelIn, type CustomField } from '../../lib/api/custom-fields';
import { CUSTOM_FIELD_NAME } from '../../lib/custom-field-values';
import { Select } from '../ui/select';

/** The custom fields a list's filter bar offers a list of choices for. */
const CHOICE_TYPES = new Set<CustomField['type']>(['select', 'multiSelect', 'checkbox']);

/** A choice's words: an option's label, or yes/no for a checkbox. */
export function choiceLabel(field: CustomField, value: string, language: string, t: (key: string) => string): string {
  if (field.type === 'checkbox') return value === 'true' ? t('customFields.yes') : t('customFields.no');
  const option = field.options.find((o) => o.key === value);
  return option ? labelIn(option.label, language) : value;
}

/** A custom field filter's chip: "Label: choice" (its key and value as sent when the field is unknown). */
export function customFieldChip(
  fields: readonly CustomField[],
  name: string,
  value: string,
  language: string,
  t: (key: string) => string,
): string {
  const field = fields.find((f) => `customFields.${f.key}` === name);
  return field
    ? `${labelIn(field.label, language)}: ${choiceLabel(field, value, language, t)}`
    : `${name.slice('customFields.'.length)}: ${value}`;
}

/** "Every record" in a choice filter: an option's key is never this. */
const ALL = '__all__';

type FilterName = `customFields.${string}`;

interface CustomFieldChoiceFiltersProps {
  /** The kind of record's offered fields: a filter for each choice among them. */
  fields: readonly CustomField[];
  /** Prefix of the controls' ids (`<prefix>-field-<key>`). */
  idPrefix: string;
  valueOf: (name: FilterName) => string | undefined;
  /** Sets (or, with undefined, removes) the list's `customFields.<key>` filter. */
  onChange: (name: FilterName, value: string | undefined) => void;
}

/**
 * A filter per choice field (a select, a multiple choice, a checkbox): every record, or those holding one of its
 * options (yes or no for a checkbox), each choice named with its field so the chosen one says what it filters.
 */
export function CustomFieldChoiceFilters({ fields, idPrefix, valueOf, onChange }: CustomFieldChoiceFiltersProps) {
  const { t, i18n } = useTranslation();
  return fields
    .filter((field) => CHOICE_TYPES.has(field.type))
    .map((field) => {
      const label = labelIn(field.label, i18n.language);
      const id = `${idPrefix}-field-${field.key}`;
      const name: FilterName = `customFields.${field.key}`;
      const choices =
        field.type === 'checkbox' ? ['true', 'false'] : field.options.filter((o) => !o.retired).map((o) => o.key);
      return (
        // As wide as its longest choice (a long field name stays on one line).
        <div key={field.key} className="w-full whitespace-nowrap sm:w-auto sm:min-w-44">
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <Select
            id={id}
            value={valueOf(name) ?? ALL}
            onValueChange={(chosen) => onChange(name, chosen === ALL ? undefined : chosen)}
            options={[
              { value: ALL, label: t('customFields.filterAll', { field: label }) },
              ...choices.map((choice) => ({
                value: choice,
                label: `${label}: ${choiceLabel(field, choice, i18n.language, t)}`,
              })),
            ]}
          />
        </div>
      );
    });
}

/** A URL's `customFields.<key>` filters (as the lists' APIs take them), by parameter name. */
export function customFieldParams(params: URLSearchParams): Record<FilterName, string> {
  return Object.fromEntries(
    [...params].filter(([name, value]) => CUSTOM_FIELD_NAME.test(name) && value.trim() !== ''),
  ) as Record<FilterName, string>;
}
