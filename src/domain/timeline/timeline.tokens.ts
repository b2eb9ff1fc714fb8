export const TIMELINE_SERVICE = Symbol.for('timeline.TimelineService');
export const TIMELINE_REPOSITORY = Symbol.for('timeline.TimelineRepository');
