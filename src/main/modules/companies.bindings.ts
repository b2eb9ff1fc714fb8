import { ContainerModule } from 'inversify';
import { CompaniesService } from '../../domain/companies/companies.service';
import { CompanyImportsService } from '../../domain/companies/company-imports.service';
import {
  COMPANIES_SERVICE,
  COMPANY_IMPORT_REPOSITORY,
  COMPANY_IMPORTS_SERVICE,
  COMPANY_REPOSITORY,
} from '../../domain/companies/companies.tokens';
import { KnexCompanyImportRepository } from '../../infrastructure/companies/knex-company-import.repository';
import { KnexCompanyRepository } from '../../infrastructure/companies/knex-company.repository';

export const companiesModule = new ContainerModule(({ bind }) => {
  bind(COMPANY_REPOSITORY).to(KnexCompanyRepository).inSingletonScope();
  bind(COMPANIES_SERVICE).to(CompaniesService).inSingletonScope();
  bind(COMPANY_IMPORT_REPOSITORY).to(KnexCompanyImportRepository).inSingletonScope();
  bind(COMPANY_IMPORTS_SERVICE).to(CompanyImportsService).inSingletonScope();
});
