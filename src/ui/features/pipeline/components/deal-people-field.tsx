import { X } from 'lucide-react';
import { useState } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form';
import { LookupSelect } from '../../../components/ui/lookup-select';
import { Select } from '../../../components/ui/select';
import { useContactSearch } from '../../../lib/api/search-contacts';
import type { Deal } from '../api/get-deals';
import { DEAL_CONTACT_ROLES } from '../deal-schema';

export type DealPerson = Deal['contacts'][number];

interface DealPeopleFieldProps<V extends FieldValues> {
  control: Control<V, unknown, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  name: FieldPathByValue<V, DealPerson[]>;
  label: string;
  disabled?: boolean;
}

/**
 * The people in a deal: each with a role, at most one primary (marking one unmarks the other), removable; a contact
 * search adds more (the first one added is the primary one). Saved with the deal, all at once.
 */
export function DealPeopleField<V extends FieldValues>({ control, name, label, disabled }: DealPeopleFieldProps<V>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const contacts = useContactSearch(search, !disabled);
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      render={(field) => {
        const people = field.value as DealPerson[];
        const change = (next: DealPerson[]) => field.onChange(next);
        const withId = (id: number, patch: Partial<DealPerson>) =>
          people.map((person) => (person.id === id ? { ...person, ...patch } : person));
        return (
          <div className="grid gap-2">
            {people.length > 0 && (
              <ul className="grid gap-2" data-testid="deal-people">
                {people.map((person) => {
                  const roleId = `${field.id}-role-${person.id}`;
                  return (
                    <li
                      key={person.id}
                      data-testid="deal-person"
                      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 rounded-md border border-border p-2 sm:grid-cols-[minmax(0,1fr)_11rem_auto_auto]"
                    >
                      <span className="truncate text-sm font-medium">{person.name}</span>
                      <div className="col-span-2 sm:col-span-1 sm:row-start-1 sm:col-start-2">
                        <label htmlFor={roleId} className="sr-only">
                          {t('dealForm.people.role', { name: person.name })}
                        </label>
                        <Select
                          id={roleId}
                          value={person.role}
                          disabled={disabled}
                          onValueChange={(role) => change(withId(person.id, { role }))}
                          options={DEAL_CONTACT_ROLES.map((role) => ({
                            value: role,
                            label: t(`dealForm.roles.${role}`),
                          }))}
                        />
                      </div>
                      <label className="flex items-center gap-1.5 text-sm sm:row-start-1 sm:col-start-3">
                        <Checkbox
                          checked={person.primary}
                          disabled={disabled}
                          aria-label={t('dealForm.people.primaryOf', { name: person.name })}
                          onCheckedChange={(checked) =>
                            change(
                              people.map((p) => ({ ...p, primary: p.id === person.id ? checked === true : false })),
                            )
                          }
                        />
                        <span aria-hidden="true">{t('dealForm.people.primary')}</span>
                      </label>
                      <Button
                        type="button"
                        variant="ghost"
                        size="iconSm"
                        className="row-start-1 col-start-2 justify-self-end sm:col-start-4"
                        disabled={disabled}
                        aria-label={t('dealForm.people.remove', { name: person.name })}
                        onClick={() => change(people.filter((p) => p.id !== person.id))}
                      >
                        <X className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
            <LookupSelect
              id={field.id}
              value={null}
              onChange={(option) => {
                if (!option || people.some((person) => person.id === option.id)) return;
                const primary = !people.some((person) => person.primary);
                change([...people, { id: option.id, name: option.label, role: 'other', primary }]);
                setSearch('');
              }}
              options={(contacts.data?.items ?? [])
                .filter((item) => !people.some((person) => person.id === item.id))
                .map((item) => ({ id: item.id, label: item.name }))}
              search={search}
              onSearch={setSearch}
              searchLabel={t('dealForm.people.search')}
              noneLabel={t('dealForm.people.add')}
              disabled={disabled}
            />
          </div>
        );
      }}
    />
  );
}
