import { useTranslation } from 'react-i18next';
import { ExportMenu as RecordExportMenu } from '../../../components/records/export-menu';
import { formatInteger } from '../../../lib/format';
import { contactsExportUrl } from '../api/export-contacts';
import type { ContactFilters } from '../api/get-contacts';

/** Export of the contacts the list shows (search and filters), for Excel or for any other program. */
export function ExportMenu({ filters, total }: { filters: ContactFilters; total: number | undefined }) {
  const { t } = useTranslation();
  return (
    <RecordExportMenu
      urlOf={(options) => contactsExportUrl(filters, options)}
      fileName="contacts.csv"
      empty={total === 0}
      summary={
        total === undefined
          ? t('contacts.export.matching')
          : t('contacts.export.count', { count: total, formatted: formatInteger(total) })
      }
    />
  );
}
