export const REPORT_QUERY_RUNNER = Symbol.for('report-builder.ReportQueryRunner');
export const SAVED_REPORT_REPOSITORY = Symbol.for('report-builder.SavedReportRepository');
export const REPORT_BUILDER_SERVICE = Symbol.for('report-builder.ReportBuilderService');
