export const TIMELINE_SERVICE = Symbol.for('timeline.TimelineService');
