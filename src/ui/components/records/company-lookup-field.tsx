import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useCompanySearch } from '../../lib/api/search-companies';
import { FormField } from '../ui/form';
import { LookupSelect, type LookupOption } from '../ui/lookup-select';
import type { RecordLookupFieldProps } from './contact-lookup-field';

/** A record's company, searched for (name, trade name, CNPJ, domain, city) and chosen, or none. */
export function CompanyLookupField<V extends FieldValues>(props: RecordLookupFieldProps<V>) {
  const [chosen, setChosen] = useState<LookupOption | null>(props.initial);
  const [search, setSearch] = useState('');
  const companies = useCompanySearch(search);
  return (
    <FormField
      control={props.control}
      name={props.name}
      label={props.label}
      render={(field) => (
        <LookupSelect
          id={field.id}
          value={chosen}
          onChange={(option) => {
            setChosen(option);
            field.onChange(option?.id ?? null);
          }}
          options={(companies.data?.items ?? []).map((item) => ({ id: item.id, label: item.name }))}
          search={search}
          onSearch={setSearch}
          searchLabel={props.searchLabel}
          noneLabel={props.noneLabel}
          disabled={props.disabled}
        />
      )}
    />
  );
}
