export const REPORT_REPOSITORY = Symbol.for('reports.ReportRepository');
export const REPORTS_SERVICE = Symbol.for('reports.ReportsService');
