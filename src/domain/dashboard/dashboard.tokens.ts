export const DASHBOARD_SERVICE = Symbol.for('dashboard.DashboardService');
export const READINESS = Symbol.for('dashboard.Readiness');
export const RESPONSE_TIMES = Symbol.for('dashboard.ResponseTimes');
