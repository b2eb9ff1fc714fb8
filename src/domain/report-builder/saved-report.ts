import type { ReportDefinition } from './report-definition';

export const SAVED_REPORT_NAME_MAX = 120;

export interface SavedReport {
  id: number;
  name: string;
  definition: ReportDefinition;
  /** Shared: every admin and developer sees it (read-only unless they wrote it). */
  shared: boolean;
  authorId: number;
  authorName: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A saved report as one viewer sees it: what they may do with it. */
export interface SavedReportView extends SavedReport {
  canEdit: boolean;
  canDelete: boolean;
}

export interface SavedReportFields {
  name: string;
  definition: ReportDefinition;
  shared: boolean;
}
