import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatInteger } from '../../../lib/format';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';
import { contactsExportUrl, type ExportLanguage, type ExportSeparator } from '../api/export-contacts';
import type { ContactFilters } from '../api/get-contacts';

/** Export of what the list shows (search and filters), for Excel in Portuguese (semicolons) or any other program (commas). */
export function ExportMenu({ filters, total }: { filters: ContactFilters; total: number | undefined }) {
  const { t, i18n } = useTranslation();
  const lang: ExportLanguage = i18n.language === 'en' ? 'en' : 'pt';
  const formats: { separator: ExportSeparator; label: string; hint: string }[] = [
    { separator: 'semicolon', label: t('contacts.export.excel'), hint: t('contacts.export.excelHint') },
    { separator: 'comma', label: t('contacts.export.csv'), hint: t('contacts.export.csvHint') },
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
          {total === undefined ? t('contacts.export.matching') : t('contacts.export.count', { count: total, formatted: formatInteger(total) })}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {formats.map((format) => (
          <DropdownMenuItem key={format.separator} asChild>
            <a href={contactsExportUrl(filters, lang, format.separator)} download="contacts.csv" className="grid gap-0.5">
              <span className="font-medium">{format.label}</span>
              <span className="text-xs text-muted-foreground">{format.hint}</span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
