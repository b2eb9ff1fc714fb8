// Moved to domain/shared (every module pages the same way); src/http still imports it from here.
export * from '../shared/list-page';
