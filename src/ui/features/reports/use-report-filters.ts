import { useSearchParams } from 'react-router-dom';
import { pipelineParam } from '../../lib/api/get-stages';
import { isQuickReport, type QuickReportName } from './api/get-quick-report';
import type { ReportCategory, ReportPeriod } from './api/get-report';

export const PERIODS: readonly ReportPeriod[] = [7, 30, 90, 365];
export const CATEGORIES: readonly ReportCategory[] = ['all', 'sales', 'contacts', 'activities', 'performance'];
const DEFAULT_PERIOD: ReportPeriod = 30;

export interface ReportFilters {
  period: ReportPeriod;
  category: ReportCategory;
  /** A quick report in place of the overview, or null. */
  view: QuickReportName | null;
  /** One pipeline's deals, or null: every pipeline's, summed. */
  pipeline: string | null;
}

/** Reads the filters from the URL; anything unknown falls back to the default, so a hand-edited link still opens. */
export function parseReportFilters(params: URLSearchParams): ReportFilters {
  const period = Number(params.get('period'));
  const category = params.get('category') as ReportCategory;
  const view = params.get('view');
  return {
    period: PERIODS.includes(period as ReportPeriod) ? (period as ReportPeriod) : DEFAULT_PERIOD,
    category: CATEGORIES.includes(category) ? category : 'all',
    view: isQuickReport(view) ? view : null,
    pipeline: pipelineParam(params),
  };
}

/** Period, category, pipeline and open quick report live in the URL, so reload, back and a shared link keep them. */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const filters = parseReportFilters(params);
  const set = (changes: Partial<ReportFilters>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            value === null || (key === 'period' && value === DEFAULT_PERIOD) || (key === 'category' && value === 'all');
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: false },
    );
  return { filters, set };
}
