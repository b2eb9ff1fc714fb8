import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateCompany } from '../../lib/api/create-company';
import { useCompanySearch } from '../../lib/api/search-companies';
import { errorMessage } from '../../lib/errors';
import { Button } from '../ui/button';
import { FormField } from '../ui/form';
import { LookupSelect, type LookupOption } from '../ui/lookup-select';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';
import type { RecordLookupFieldProps } from './contact-lookup-field';

/** Names compared as a person reads them: case and spacing ignored. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A record's company, searched for (name, trade name, CNPJ, domain, city) and chosen, or none. When no company found
 * has the typed name, it offers to create one by that name and chooses it.
 */
export function CompanyLookupField<V extends FieldValues>(props: RecordLookupFieldProps<V>) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<LookupOption | null>(props.initial);
  const [search, setSearch] = useState('');
  const companies = useCompanySearch(search);
  const create = useCreateCompany();
  const typed = search.trim();
  const found = companies.data?.items ?? [];
  // Only once the answer for this very search is in (placeholder data is the previous search's).
  const offerCreate =
    typed !== '' && companies.isSuccess && !companies.isPlaceholderData && !found.some((c) => sameName(c.name, typed));
  return (
    <FormField
      control={props.control}
      name={props.name}
      label={props.label}
      render={(field) => {
        const choose = (option: LookupOption | null) => {
          setChosen(option);
          field.onChange(option?.id ?? null);
        };
        const createTyped = () =>
          create.mutateAsync({ name: typed }).then(
            (company) => {
              choose({ id: company.id, label: company.name });
              setSearch('');
              toast({ title: t('companyLookup.created', { name: company.name }) });
            },
            (error: unknown) =>
              toast({
                variant: 'destructive',
                title: t('companyLookup.createFailed'),
                description: errorMessage(error, t),
              }),
          );
        return (
          <div className="grid gap-2">
            <LookupSelect
              id={field.id}
              value={chosen}
              onChange={choose}
              options={found.map((item) => ({ id: item.id, label: item.name }))}
              search={search}
              onSearch={setSearch}
              searchLabel={props.searchLabel}
              noneLabel={props.noneLabel}
              disabled={props.disabled}
            />
            {offerCreate && !props.disabled && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={create.isPending}
                onClick={() => void createTyped()}
                data-testid="create-company-option"
              >
                {create.isPending ? <Spinner /> : <Plus className="h-4 w-4" aria-hidden="true" />}
                {t('companyLookup.create', { name: typed })}
              </Button>
            )}
          </div>
        );
      }}
    />
  );
}
