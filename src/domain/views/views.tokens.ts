export const SAVED_VIEW_REPOSITORY = Symbol.for('views.SavedViewRepository');
export const VIEW_CHECK = Symbol.for('views.ViewCheck');
export const VIEWS_SERVICE = Symbol.for('views.ViewsService');
