import { CustomFieldChoiceFilters, customFieldChip } from '../../../components/records/custom-field-filters';
import { useCustomFields } from '../../../lib/api/custom-fields';
import { Briefcase, Building, Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChips, MineToggle, SearchBox, TextFilter } from '../../../components/records/list-filters';
import { Select } from '../../../components/ui/select';
import type { User } from '../../../lib/session';
import { UFS, type CompanyFilters, type Uf } from '../api/get-companies';
import type { CompanyFilterName } from '../use-company-filters';

interface CompanyFiltersBarProps {
  filters: CompanyFilters;
  active: CompanyFilterName[];
  me: User;
  setFilter: (name: CompanyFilterName, value: string | number | undefined, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
}

/** Search (debounced, server-side), segment, tag, city, UF and "mine"; the active ones as removable chips. */
export function CompanyFiltersBar({ filters, active, me, setFilter, clearFilters }: CompanyFiltersBarProps) {
  const { t, i18n } = useTranslation();
  const mine = filters.owner === me.id;
  const customFields = useCustomFields('company');
  const chipLabel = (name: CompanyFilterName): string => {
    if (name.startsWith('customFields.'))
      return customFieldChip(
        customFields.data?.items ?? [],
        name,
        filters[name as `customFields.${string}`] ?? '',
        i18n.language,
        t,
      );
    if (name === 'owner')
      return mine ? t('companies.filters.mine') : t('contacts.filters.ownerChip', { value: filters.owner });
    return t(`companies.filters.${name}Chip`, { value: filters[name] });
  };
  return (
    <FilterBar
      id="companies"
      label={t('companies.filters.label')}
      filterCount={active.filter((name) => name !== 'search').length}
      search={
        <SearchBox
          id="companies-search"
          value={filters.search}
          onSearch={(value) => setFilter('search', value, { replace: true })}
          label={t('companies.filters.search')}
          placeholder={t('companies.filters.searchPlaceholder')}
        />
      }
      chips={
        <FilterChips
          active={active}
          labelOf={chipLabel}
          onRemove={(name) => setFilter(name, undefined)}
          onClearAll={clearFilters}
        />
      }
    >
      <TextFilter
        id="companies-segment"
        icon={Briefcase}
        label={t('companies.filters.segment')}
        placeholder={t('companies.filters.segmentPlaceholder')}
        maxLength={100}
        onApply={(value) => setFilter('segment', value)}
        className="sm:w-44"
      />
      <TextFilter
        id="companies-tag"
        icon={Tag}
        label={t('companies.filters.tag')}
        placeholder={t('companies.filters.tagPlaceholder')}
        maxLength={50}
        onApply={(value) => setFilter('tag', value)}
        className="sm:w-36"
      />
      <TextFilter
        id="companies-city"
        icon={Building}
        label={t('companies.filters.city')}
        placeholder={t('companies.filters.cityPlaceholder')}
        maxLength={100}
        onApply={(value) => setFilter('city', value)}
        className="sm:w-40"
      />
      <div className="w-full sm:w-36">
        <label htmlFor="companies-uf" className="sr-only">
          {t('companies.fields.uf')}
        </label>
        <Select<Uf | 'all'>
          id="companies-uf"
          value={filters.uf ?? 'all'}
          onValueChange={(value) => setFilter('uf', value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('companies.filters.allUfs') },
            ...UFS.map((uf) => ({ value: uf, label: uf })),
          ]}
        />
      </div>
      <CustomFieldChoiceFilters
        fields={customFields.data?.items ?? []}
        idPrefix="companies"
        valueOf={(name) => filters[name]}
        onChange={(name, value) => setFilter(name, value)}
      />
      <MineToggle
        mine={mine}
        label={t('companies.filters.mine')}
        onToggle={() => setFilter('owner', mine ? undefined : me.id)}
      />
    </FilterBar>
  );
}
