import type { Page, PageRequest } from '../shared/list-page';
import type { ReportDefinition } from './report-definition';
import type { ReportGroup } from './report-result';
import type { SavedReport, SavedReportFields } from './saved-report';

export interface ReportQueryResult {
  /** At most MAX_REPORT_GROUPS, the "other" group among them; stages in pipeline order, the rest largest first. */
  groups: ReportGroup[];
  total: { count: number; value: string | null };
  otherGroups: number;
}

/**
 * Runs a checked definition; every figure is aggregated by the database. `summed`: the type of the custom field a
 * custom measure sums (an amount is written with two decimals, a number as it adds up).
 */
export interface ReportQueryRunner {
  run(
    definition: ReportDefinition,
    since: Date | null,
    until: Date,
    summed?: 'currency' | 'number',
  ): Promise<ReportQueryResult>;
}

export interface SavedReportRepository {
  /** The viewer's own reports and everyone's shared ones, newest first. */
  listVisible(viewerId: number, page: PageRequest): Promise<Page<SavedReport>>;
  findById(id: number): Promise<SavedReport | null>;
  create(authorId: number, fields: SavedReportFields): Promise<SavedReport>;
  update(id: number, changes: Partial<SavedReportFields>): Promise<SavedReport>;
  delete(id: number): Promise<void>;
}
