import { useTranslation } from 'react-i18next';
import type { CellEditor } from '../../../components/records/editable-cell';
import {
  openingColumn,
  ownerAndChangeColumns,
  useCellSave,
  useCustomFieldColumns,
} from '../../../components/records/record-table';
import type { TableColumn } from '../../../components/records/virtual-table';
import { Badge } from '../../../components/ui/badge';
import { canChangeRecord } from '../../../lib/access';
import { queryKeys } from '../../../lib/api/query-keys';
import { COMPANY_SIZES, UFS, type Company } from '../api/get-companies';
import { useUpdateCompany } from '../api/update-company';
import { companySchema } from '../company-schema';

/** The companies' table always shows the name, which opens the company. */
export const COMPANY_FIXED_COLUMN = 'name';

type Editable = 'segment' | 'size' | 'phone' | 'city' | 'uf';

/**
 * Every column of the companies' table, in its own order: name (opens the company), CNPJ, segment, size, city, UF,
 * phone, owner, last change, then each offered custom field. Segment, size, city, UF, phone and the custom fields a
 * single control holds change in place, for whoever may change the company, checked by the dialog's schema and saved
 * as the dialog saves (a 409 reloads the list).
 */
export function useCompanyColumns(
  me: { id: number; role: 'admin' | 'developer' | 'employee' },
  onOpen: (company: Company) => void,
): TableColumn<Company>[] {
  const { t } = useTranslation();
  const update = useUpdateCompany();
  const schema = companySchema(t).pick({ segment: true, size: true, phone: true, city: true, uf: true });
  const label = (field: string, company: Company) => t('companies.table.editLabel', { field, name: company.name });
  const editable = (company: Company) => canChangeRecord(me, company);
  const send = useCellSave<Company>(update.mutateAsync, queryKeys.companies.lists, t('companies.table.conflict'));
  const customFields = useCustomFieldColumns('company', { label, editable, send });
  const editor = (field: Editable, options?: { value: string; label: string }[]): CellEditor<Company> => ({
    label: (company) => label(t(`companies.fields.${field}`), company),
    initial: (company) => company[field] ?? '',
    editable,
    input: field === 'phone' ? 'tel' : 'text',
    options: options && [{ value: '', label: '—' }, ...options],
    save: async (company, text) => {
      const checked = schema.shape[field].safeParse(options && text === '' ? null : text);
      if (!checked.success) return checked.error.issues[0]!.message;
      return send(company, { [field]: checked.data }, field);
    },
  });
  const text = (value: string | null) => value ?? '';
  return [
    openingColumn('name', t('companies.fields.name'), (company) => company.name, onOpen),
    { key: 'cnpj', header: t('companies.fields.cnpj'), width: '11rem', render: (c) => text(c.cnpj) },
    {
      key: 'segment',
      header: t('companies.fields.segment'),
      width: 'minmax(9rem, 1fr)',
      sortKey: 'segment',
      edit: editor('segment'),
      render: (c) => text(c.segment),
    },
    {
      key: 'size',
      header: t('companies.fields.size'),
      width: '8rem',
      sortKey: 'size',
      edit: editor(
        'size',
        COMPANY_SIZES.map((size) => ({ value: size, label: t(`companies.size.${size}`) })),
      ),
      render: (c) => c.size && <Badge tone="primary">{t(`companies.size.${c.size}`)}</Badge>,
    },
    {
      key: 'city',
      header: t('companies.fields.city'),
      width: '10rem',
      sortKey: 'city',
      edit: editor('city'),
      render: (c) => text(c.city),
    },
    {
      key: 'uf',
      header: t('companies.fields.uf'),
      width: '5rem',
      sortKey: 'uf',
      edit: editor(
        'uf',
        UFS.map((uf) => ({ value: uf, label: uf })),
      ),
      render: (c) => text(c.uf),
    },
    {
      key: 'phone',
      header: t('companies.fields.phone'),
      width: '10rem',
      edit: editor('phone'),
      render: (c) => text(c.phone),
    },
    ...ownerAndChangeColumns<Company>(t('companies.fields.owner'), t('companies.sortBy.updatedAt')),
    ...customFields,
  ];
}
