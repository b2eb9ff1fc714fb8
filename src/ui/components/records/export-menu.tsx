import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { spreadsheetQuery, type ExportOptions } from '../../lib/file-format';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

interface ExportMenuProps {
  /** The download's address for a way of writing the file. */
  urlOf: (options: ExportOptions) => string;
  fileName: string;
  /** What the file will hold ("12 contacts matching the search and filters"), above the choices. */
  summary: string;
  /** Nothing to export (the list is empty): the button is disabled. */
  empty: boolean;
}

/**
 * Export of what a list shows (search and filters): for Excel as the user reads it (labels in their language, dates
 * in their time zone; in Portuguese with semicolons and decimal commas), or for any other program (values as stored, commas).
 */
export function ExportMenu({ urlOf, fileName, summary, empty }: ExportMenuProps) {
  const { t, i18n } = useTranslation();
  const excel = spreadsheetQuery(i18n.language);
  const formats: { key: string; options: ExportOptions; label: string; hint: string }[] = [
    { key: 'excel', options: excel, label: t('listExport.excel'), hint: t('listExport.excelHint') },
    {
      key: 'csv',
      options: { format: 'csv', lang: excel.lang, separator: 'comma' },
      label: t('listExport.csv'),
      hint: t('listExport.csvHint'),
    },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={empty}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('listExport.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel className="text-muted-foreground">{summary}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {formats.map((format) => (
          <DropdownMenuItem key={format.key} asChild>
            <a href={urlOf(format.options)} download={fileName} className="grid gap-0.5">
              <span className="font-medium">{format.label}</span>
              <span className="text-xs text-muted-foreground">{format.hint}</span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
