import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { labelIn, useCustomFields, type CustomFieldEntity } from '../../lib/api/custom-fields';
import { CUSTOM_FIELD_NAME } from '../../lib/custom-field-values';
import { Button } from '../ui/button';
import { Select } from '../ui/select';

/** No `sort`: newest first (a search: best matches first). A Select cannot hold ''. */
const NEWEST = 'newest';

export type SortOrder = 'asc' | 'desc';

/** `sort` (one of `columns` or `customFields.<key>`) and `order` from a list's URL; an order without a sort means nothing. */
export function sortParams(params: URLSearchParams, columns: readonly string[]): { sort?: string; order?: SortOrder } {
  const sort = params.get('sort') ?? '';
  const known = columns.includes(sort) || CUSTOM_FIELD_NAME.test(sort);
  if (!known) return {};
  return { sort, order: params.get('order') === 'desc' ? 'desc' : undefined };
}

/** A URL's parameters ordered by `sort` (`order=desc`, or none for ascending): the update a table's header makes. */
export const withSort =
  (sort: string, order: SortOrder | undefined) =>
  (current: URLSearchParams): URLSearchParams => {
    const next = new URLSearchParams(current);
    next.set('sort', sort);
    if (order === 'desc') next.set('order', 'desc');
    else next.delete('order');
    return next;
  };

/** Not filters: a list's order (left out when filters are counted or shown as chips). */
export const ORDER_PARAMS = ['sort', 'order'] as const;

/**
 * A list's order, kept in its URL (?sort=&order=): newest first, or one of `columns` (named by `labelOf`) or a custom
 * field of `entity` (its value, empty ones last), ascending or descending. A long text or a multiple choice has no
 * order of its own and is not offered.
 */
export function ListSort({
  id,
  entity,
  columns,
  labelOf,
  sort,
  order,
  onChange,
}: {
  id: string;
  entity: CustomFieldEntity;
  columns: readonly string[];
  labelOf: (column: string) => string;
  sort: string | undefined;
  order: SortOrder | undefined;
  onChange: (sort: string | undefined, order: SortOrder | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const fields = (useCustomFields(entity).data?.items ?? []).filter(
    (field) => field.type !== 'longText' && field.type !== 'multiSelect',
  );
  const descending = order === 'desc';
  const direction = t(descending ? 'listSort.descending' : 'listSort.ascending');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        {t('listSort.label')}
      </label>
      <div className="w-48">
        <Select
          id={id}
          value={sort ?? NEWEST}
          onValueChange={(value) =>
            onChange(value === NEWEST ? undefined : value, value === NEWEST ? undefined : order)
          }
          options={[
            { value: NEWEST, label: t('listSort.newest') },
            ...columns.map((column) => ({ value: column, label: labelOf(column) })),
            ...fields.map((field) => ({
              value: `customFields.${field.key}`,
              label: labelIn(field.label, i18n.language),
            })),
          ]}
        />
      </div>
      {sort && (
        <Button
          variant="outline"
          size="sm"
          aria-label={direction}
          title={direction}
          onClick={() => onChange(sort, descending ? undefined : 'desc')}
        >
          {descending ? (
            <ArrowDownWideNarrow className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ArrowUpNarrowWide className="h-4 w-4" aria-hidden="true" />
          )}
        </Button>
      )}
    </div>
  );
}
