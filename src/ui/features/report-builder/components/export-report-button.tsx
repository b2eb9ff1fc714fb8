import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { ReportResult } from '../api/run-report';
import { reportCsv } from '../report-form';
import { rowsOf } from './report-chart';
import { useReportChoices } from '../../../lib/report-choices';

/** Downloads the result as CSV: one row per group and the total, under translated headings. */
export function ExportReportButton({ result, name }: { result: ReportResult; name: string }) {
  const { t, i18n } = useTranslation();
  const choices = useReportChoices();
  const download = () => {
    const rows = rowsOf(result, t, choices, i18n.language).map((r, i) => ({
      label: r.name,
      count: r.count,
      value: result.groups[i].value,
    }));
    const csv = reportCsv(
      [choices.groupingName(result.definition), t('reportBuilder.records'), choices.measureName(result.definition)],
      rows,
      { label: t('reportBuilder.total'), count: result.total.count, value: result.total.value },
    );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'report'}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={download}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {t('reportBuilder.exportCsv')}
    </Button>
  );
}
