import { Tag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChips, MineToggle, SearchBox, TextFilter } from '../../../components/records/list-filters';
import { Select } from '../../../components/ui/select';
import type { User } from '../../../lib/session';
import { useContactSources } from '../api/get-contact-sources';
import { CustomFieldChoiceFilters, customFieldChip } from '../../../components/records/custom-field-filters';
import { useCustomFields } from '../../../lib/api/custom-fields';
import { CONTACT_STATUSES, type ContactFilters, type ContactStatus, type CustomFieldFilter } from '../api/get-contacts';
import type { FilterName } from '../use-contact-filters';
import { SuggestionCombobox, type Suggestion } from '../../../components/records/suggestion-combobox';

/** The sources in use (GET /api/crm/contacts/sources), as the origin filter's suggestions. */
function useSourceSuggestions(search: string, enabled: boolean): Suggestion[] | undefined {
  return useContactSources(search, enabled).data?.items.map(({ source, count }) => ({ value: source, count }));
}

interface ContactFiltersBarProps {
  filters: ContactFilters;
  active: FilterName[];
  me: User;
  setFilter: (name: FilterName, value: string | number | undefined, options?: { replace?: boolean }) => void;
  setFilters: (values: Partial<Record<FilterName, string | number | undefined>>) => void;
  clearFilters: () => void;
}

/** Search (debounced, server-side), status, tag, source (with the sources in use suggested) and "mine"; the active ones as removable chips. */
export function ContactFiltersBar({
  filters,
  active,
  me,
  setFilter,
  setFilters,
  clearFilters,
}: ContactFiltersBarProps) {
  const { t, i18n } = useTranslation();
  const mine = filters.owner === me.id;
  const customFields = useCustomFields('contact');
  const chipLabel = (name: FilterName): string => {
    if (name.startsWith('customFields.'))
      return customFieldChip(
        customFields.data?.items ?? [],
        name,
        filters[name as CustomFieldFilter] ?? '',
        i18n.language,
        t,
      );
    if (name === 'search') return t('contacts.filters.searchChip', { value: filters.search });
    if (name === 'status') return t('contacts.filters.statusChip', { value: t(`contacts.status.${filters.status}`) });
    if (name === 'tag') return t('contacts.filters.tagChip', { value: filters.tag });
    if (name === 'source') return t('contacts.filters.sourceChip', { value: filters.source });
    if (name === 'scoreMin') return t('contacts.filters.scoreMinChip', { value: filters.scoreMin });
    if (name === 'scoreMax') return t('contacts.filters.scoreMaxChip', { value: filters.scoreMax });
    return filters.owner === me.id
      ? t('contacts.filters.mine')
      : t('contacts.filters.ownerChip', { value: filters.owner });
  };

  return (
    <FilterBar
      id="contacts"
      label={t('contacts.filters.label')}
      filterCount={active.filter((name) => name !== 'search').length}
      search={
        <SearchBox
          id="contacts-search"
          value={filters.search}
          onSearch={(value) => setFilter('search', value, { replace: true })}
          label={t('contacts.filters.search')}
          placeholder={t('contacts.filters.searchPlaceholder')}
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
      <div className="w-full sm:w-44">
        <label htmlFor="contacts-status" className="sr-only">
          {t('contacts.fields.status')}
        </label>
        <Select<ContactStatus | 'all'>
          id="contacts-status"
          value={filters.status ?? 'all'}
          onValueChange={(value) => setFilter('status', value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('contacts.filters.allStatuses') },
            ...CONTACT_STATUSES.map((status) => ({ value: status, label: t(`contacts.status.${status}`) })),
          ]}
        />
      </div>
      <TextFilter
        id="contacts-tag"
        icon={Tag}
        label={t('contacts.filters.tag')}
        placeholder={t('contacts.filters.tagPlaceholder')}
        maxLength={50}
        onApply={(value) => setFilter('tag', value)}
      />
      <div className="relative w-full sm:w-40">
        <label htmlFor="contacts-source" className="sr-only">
          {t('contacts.filters.source')}
        </label>
        <SuggestionCombobox
          id="contacts-source"
          useSuggestions={useSourceSuggestions}
          listLabel={t('contacts.filters.sourceSuggestions')}
          maxLength={100}
          onPick={(value) => setFilter('source', value)}
          placeholder={t('contacts.filters.sourcePlaceholder')}
        />
      </div>
      <ScoreRange
        key={`${filters.scoreMin}-${filters.scoreMax}`}
        min={filters.scoreMin}
        max={filters.scoreMax}
        onApply={(scoreMin, scoreMax) => setFilters({ scoreMin, scoreMax })}
      />
      <CustomFieldChoiceFilters
        fields={customFields.data?.items ?? []}
        idPrefix="contacts"
        valueOf={(name) => filters[name]}
        onChange={(name, value) => setFilter(name, value)}
      />
      <MineToggle
        mine={mine}
        label={t('contacts.filters.mine')}
        onToggle={() => setFilter('owner', mine ? undefined : me.id)}
      />
    </FilterBar>
  );
}

const parseScore = (value: string): number | undefined => {
  if (value.trim() === '') return undefined;
  const score = Math.round(Number(value));
  return Number.isFinite(score) ? Math.min(100, Math.max(0, score)) : undefined;
};

/** Score from..to, applied with Enter or on leaving the pair; an upside-down range is turned round. */
function ScoreRange({
  min,
  max,
  onApply,
}: {
  min?: number;
  max?: number;
  onApply: (min?: number, max?: number) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(min === undefined ? '' : String(min));
  const [to, setTo] = useState(max === undefined ? '' : String(max));
  const apply = () => {
    let low = parseScore(from);
    let high = parseScore(to);
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    if (low !== min || high !== max) onApply(low, high);
  };
  const input =
    'h-10 w-16 min-w-0 rounded-md border border-border bg-surface px-2 text-sm text-foreground placeholder:text-muted-foreground focus-ring';
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) apply();
      }}
    >
      <fieldset className="flex items-center gap-2">
        <legend className="float-left mr-1 text-sm text-muted-foreground">{t('contacts.fields.score')}</legend>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          id="contacts-score-min"
          aria-label={t('contacts.filters.scoreMin')}
          placeholder="0"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className={input}
        />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          id="contacts-score-max"
          aria-label={t('contacts.filters.scoreMax')}
          placeholder="100"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          className={input}
        />
      </fieldset>
      <button type="submit" className="sr-only">
        {t('contacts.filters.apply')}
      </button>
    </form>
  );
}
