import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatInteger } from '../../../lib/format';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { spreadsheetQuery } from '../../../lib/file-format';
import { contactsExportUrl, type ExportOptions } from '../api/export-contacts';
import type { ContactFilters } from '../api/get-contacts';

/**
 * Export of what the list shows (search and filters): for Excel as the user reads it (labels in their language, dates
 * in their time zone; in Portuguese with semicolons and decimal commas), or for any other program (values as stored, commas).
 */
export function ExportMenu({ filters, total }: { filters: ContactFilters; total: number | undefined }) {
  const { t, i18n } = useTranslation();
  const excel = spreadsheetQuery(i18n.language);
  const formats: { key: string; options: ExportOptions; label: string; hint: string }[] = [
    { key: 'excel', options: excel, label: t('contacts.export.excel'), hint: t('contacts.export.excelHint') },
    {
      key: 'csv',
      options: { format: 'csv', lang: excel.lang, separator: 'comma' },
      label: t('contacts.export.csv'),
      hint: t('contacts.export.csvHint'),
    },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={total === 0}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('contacts.export.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel className="text-muted-foreground">
          {total === undefined
            ? t('contacts.export.matching')
            : t('contacts.export.count', { count: total, formatted: formatInteger(total) })}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {formats.map((format) => (
          <DropdownMenuItem key={format.key} asChild>
            <a href={contactsExportUrl(filters, format.options)} download="contacts.csv" className="grid gap-0.5">
              <span className="font-medium">{format.label}</span>
              <span className="text-xs text-muted-foreground">{format.hint}</span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
