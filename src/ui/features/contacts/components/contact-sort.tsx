import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { labelIn, useCustomFields } from '../../../lib/api/custom-fields';
import { CONTACT_SORTS, type ContactFilters } from '../api/get-contacts';

/** No `sort`: newest first (a search: best matches first). A Select cannot hold ''. */
const NEWEST = 'newest';

/**
 * The list's order, kept in the URL (?sort=&order=): newest first, or a column or a custom field (its value, empty
 * ones last), ascending or descending. A long text or a multiple choice has no order of its own and is not offered.
 */
export function ContactSort({
  sort,
  order,
  onChange,
}: {
  sort: ContactFilters['sort'];
  order: ContactFilters['order'];
  onChange: (sort: string | undefined, order: 'asc' | 'desc' | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const fields = (useCustomFields('contact').data?.items ?? []).filter(
    (field) => field.type !== 'longText' && field.type !== 'multiSelect',
  );
  const descending = order === 'desc';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="contacts-sort" className="text-sm text-muted-foreground">
        {t('contacts.sort.label')}
      </label>
      <div className="w-48">
        <Select
          id="contacts-sort"
          value={sort ?? NEWEST}
          onValueChange={(value) =>
            onChange(value === NEWEST ? undefined : value, value === NEWEST ? undefined : order)
          }
          options={[
            { value: NEWEST, label: t('contacts.sort.newest') },
            ...CONTACT_SORTS.map((column) => ({ value: column, label: t(`contacts.sort.by.${column}`) })),
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
          aria-label={t(descending ? 'contacts.sort.descending' : 'contacts.sort.ascending')}
          title={t(descending ? 'contacts.sort.descending' : 'contacts.sort.ascending')}
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
