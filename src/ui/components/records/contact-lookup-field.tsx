import { useState } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useContactSearch } from '../../lib/api/search-contacts';
import { FormField } from '../ui/form';
import { Input } from '../ui/input';
import { LookupSelect, type LookupOption } from '../ui/lookup-select';

/** What a field choosing one record among many (a contact, a company) takes. */
export interface RecordLookupFieldProps<V extends FieldValues> {
  // Whatever the schema turns the values into on submit (as FormField takes it).
  control: Control<V, unknown, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A record id field; null is none. */
  name: FieldPathByValue<V, number | null>;
  label: string;
  searchLabel: string;
  noneLabel: string;
  /** The record the form's record already has (edit mode), offered even when a search leaves it out. */
  initial: LookupOption | null;
  disabled?: boolean;
}

interface ContactLookupFieldProps<V extends FieldValues> extends RecordLookupFieldProps<V> {
  /** The form's id prefix, for the fixed contact's input id. */
  formId: string;
  /** A new record's contact, fixed (the contact's page): shown read-only, with no search. */
  fixed?: LookupOption;
  /** Told of every choice (after the field has taken it), e.g. to clear what depended on the contact. */
  onChosen?: (option: LookupOption | null) => void;
}

/** A record's contact: fixed when the record is created from its contact, otherwise searched for and chosen. */
export function ContactLookupField<V extends FieldValues>({
  control,
  name,
  formId,
  label,
  searchLabel,
  noneLabel,
  fixed,
  initial,
  disabled,
  onChosen,
}: ContactLookupFieldProps<V>) {
  const [chosen, setChosen] = useState<LookupOption | null>(fixed ?? initial);
  const [search, setSearch] = useState('');
  const contacts = useContactSearch(search, fixed === undefined);
  if (fixed) {
    const id = `${formId}-contact-fixed`;
    return (
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        <Input id={id} value={fixed.label} readOnly disabled />
      </div>
    );
  }
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      render={(field) => (
        <LookupSelect
          id={field.id}
          value={chosen}
          onChange={(option) => {
            setChosen(option);
            field.onChange(option?.id ?? null);
            onChosen?.(option);
          }}
          options={(contacts.data?.items ?? []).map((item) => ({
            id: item.id,
            label: item.company ? `${item.name} (${item.company})` : item.name,
          }))}
          search={search}
          onSearch={setSearch}
          searchLabel={searchLabel}
          noneLabel={noneLabel}
          disabled={disabled}
        />
      )}
    />
  );
}
