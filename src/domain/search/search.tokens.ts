export const SEARCH_REPOSITORY = Symbol.for('search.SearchRepository');
export const SEARCH_SERVICE = Symbol.for('search.SearchService');
