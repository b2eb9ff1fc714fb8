export const COMPANY_REPOSITORY = Symbol.for('companies.CompanyRepository');
export const COMPANIES_SERVICE = Symbol.for('companies.CompaniesService');
export const COMPANY_IMPORTS_SERVICE = Symbol.for('companies.CompanyImportsService');
export const COMPANY_IMPORT_REPOSITORY = Symbol.for('companies.CompanyImportRepository');
