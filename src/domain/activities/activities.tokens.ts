export const ACTIVITY_REPOSITORY = Symbol.for('activities.ActivityRepository');
export const ACTIVITIES_SERVICE = Symbol.for('activities.ActivitiesService');
