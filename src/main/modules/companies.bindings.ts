import { ContainerModule } from 'inversify';
import { CompaniesService } from '../../domain/companies/companies.service';
import { COMPANIES_SERVICE, COMPANY_REPOSITORY } from '../../domain/companies/companies.tokens';
import { KnexCompanyRepository } from '../../infrastructure/companies/knex-company.repository';

export const companiesModule = new ContainerModule(({ bind }) => {
  bind(COMPANY_REPOSITORY).to(KnexCompanyRepository).inSingletonScope();
  bind(COMPANIES_SERVICE).to(CompaniesService).inSingletonScope();
});
