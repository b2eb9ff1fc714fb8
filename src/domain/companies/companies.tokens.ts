export const COMPANY_REPOSITORY = Symbol.for('companies.CompanyRepository');
export const COMPANIES_SERVICE = Symbol.for('companies.CompaniesService');
