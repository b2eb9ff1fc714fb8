import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { ReportResult } from '../api/run-report';
import { formatMeasure } from '../group-label';
import { ReportChart } from './report-chart';
import { useReportChoices } from '../../../lib/report-choices';

/** The result's totals line, its chart (or table) and how many groups were left out. */
export function ReportResultView({ result, caption }: { result: ReportResult; caption: string }) {
  const { t } = useTranslation();
  const choices = useReportChoices();
  const measure = result.definition.measure;
  return (
    <>
      <p className="text-sm text-muted-foreground" data-testid="report-total">
        {t('reportBuilder.totalLine', { count: result.total.count })}
        {measure !== 'count' &&
          ` · ${choices.measureName(result.definition)}: ${formatMeasure(result.total.value, measure, choices.fieldOf(result.definition, measure))}`}
        {' · '}
        {result.since
          ? t('reportBuilder.window', { since: formatDateTime(result.since), until: formatDateTime(result.until) })
          : t('reportBuilder.allTime')}
      </p>
      {result.groups.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted-foreground">{t('reportBuilder.noData')}</p>
      ) : (
        <ReportChart result={result} caption={caption} />
      )}
      {result.otherGroups > 0 && (
        <p className="text-xs text-muted-foreground">{t('reportBuilder.otherNote', { count: result.otherGroups })}</p>
      )}
    </>
  );
}
