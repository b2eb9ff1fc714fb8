export const DEAL_IMPORT_REPOSITORY = Symbol.for('deals.DealImportRepository');
export const DEAL_IMPORTS_SERVICE = Symbol.for('deals.DealImportsService');
