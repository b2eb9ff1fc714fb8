import { useTranslation } from 'react-i18next';
import type { CellEditor } from '../../../components/records/editable-cell';
import {
  openingColumn,
  ownerAndChangeColumns,
  useCellSave,
  useCustomFieldColumns,
} from '../../../components/records/record-table';
import type { TableColumn } from '../../../components/records/virtual-table';
import { canChangeRecord } from '../../../lib/access';
import { formatCurrency } from '../../../lib/format';
import { DEAL_LISTS_QUERY_KEY, type Deal } from '../api/get-deals';
import { useUpdateDeal } from '../api/update-deal';
import { formatDay } from '../board-position';
import { dealSchema, moneyInput } from '../deal-schema';
import { stageLabel } from '../stage-label';

/** The deals' table always shows the title, which opens the deal. */
export const DEAL_FIXED_COLUMN = 'title';

/**
 * Every column of the deals' table, in its own order: title (opens the deal), stage, value, probability, expected
 * close, person, company, owner, last change, then each offered custom field. Value, probability (then set by hand,
 * as the dialog's), expected close and the custom fields a single control holds change in place, for whoever may
 * change the deal, checked by the dialog's schema and saved as the dialog saves (a 409 reloads the list).
 */
export function useDealColumns(
  me: { id: number; role: 'admin' | 'developer' | 'employee' },
  onOpen: (deal: Deal) => void,
): TableColumn<Deal>[] {
  const { t } = useTranslation();
  const update = useUpdateDeal();
  // The fields' own rules (the form's whole-deal checks are not a cell's).
  const { shape } = dealSchema(t).in;
  const label = (field: string, deal: Deal) => t('pipeline.table.editLabel', { field, title: deal.title });
  const editable = (deal: Deal) => canChangeRecord(me, deal);
  const send = useCellSave<Deal>(update.mutateAsync, DEAL_LISTS_QUERY_KEY, t('pipeline.table.conflict'));
  const customFields = useCustomFieldColumns('deal', { label, editable, send });
  const editor = (
    field: 'value' | 'probability' | 'expectedCloseDate',
    initial: (deal: Deal) => string,
    input: CellEditor<Deal>['input'],
  ): CellEditor<Deal> => ({
    label: (deal) => label(t(`dealForm.fields.${field}`), deal),
    initial,
    editable,
    input,
    save: async (deal, text) => {
      // The form's rules: an empty value is none (0), a probability a whole number from 0 to 100.
      const typed = field === 'probability' ? (text.trim() === '' ? Number.NaN : Number(text)) : text;
      const checked = shape[field].safeParse(typed);
      if (!checked.success) return checked.error.issues[0]!.message;
      return send(deal, { [field]: checked.data }, field);
    },
  });
  return [
    openingColumn('title', t('dealForm.fields.title'), (deal) => deal.title, onOpen),
    {
      key: 'stage',
      header: t('dealForm.fields.stage'),
      width: '9rem',
      render: (deal) => stageLabel(deal.stage, t),
    },
    {
      key: 'value',
      header: t('dealForm.fields.value'),
      width: '9rem',
      sortKey: 'value',
      align: 'end',
      edit: editor('value', (deal) => moneyInput(deal.value), 'text'),
      render: (deal) => formatCurrency(deal.value),
    },
    {
      key: 'probability',
      header: t('dealForm.fields.probability'),
      width: '9.5rem',
      sortKey: 'probability',
      align: 'end',
      edit: editor('probability', (deal) => String(deal.probability), 'number'),
      render: (deal) => `${deal.probability}%`,
    },
    {
      key: 'expectedCloseDate',
      header: t('dealForm.fields.expectedCloseDate'),
      width: '12rem',
      sortKey: 'expectedCloseDate',
      edit: editor('expectedCloseDate', (deal) => deal.expectedCloseDate ?? '', 'date'),
      render: (deal) => formatDay(deal.expectedCloseDate),
    },
    {
      key: 'contactName',
      header: t('dealForm.fields.contact'),
      width: 'minmax(9rem, 1fr)',
      render: (deal) => deal.contactName ?? '',
    },
    {
      key: 'companyName',
      header: t('dealForm.fields.company'),
      width: 'minmax(9rem, 1fr)',
      render: (deal) => deal.companyName ?? '',
    },
    ...ownerAndChangeColumns<Deal>(t('dealForm.fields.owner'), t('pipeline.table.updatedAt')),
    ...customFields,
  ];
}
