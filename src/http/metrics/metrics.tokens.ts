export const METRICS_EXPOSITION = Symbol.for('metrics.MetricsExposition');
