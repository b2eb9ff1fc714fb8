import { inject, injectable } from 'inversify';
import type { CompaniesService } from '../../domain/companies/companies.service';
import { COMPANIES_SERVICE } from '../../domain/companies/companies.tokens';
import type { HttpRouter, RouteDefinition } from '../route';
import type { CompanyFilter } from '../../domain/companies/company';
import { companySchemas, type CompanyQuery } from './companies.schemas';
import { crudRoutes } from './crm-routes';

/** The list's query as the service's filter (the export reads the same). */
export const companyFilter = (q: CompanyQuery): CompanyFilter => ({
  search: q.search || undefined,
  segment: q.segment,
  ownerId: q.owner,
  tag: q.tag,
  city: q.city,
  uf: q.uf,
});

@injectable()
export class CompaniesRouter implements HttpRouter {
  constructor(@inject(COMPANIES_SERVICE) private readonly companies: CompaniesService) {}

  routes(): RouteDefinition[] {
    return crudRoutes({
      path: '/api/crm/companies',
      tag: 'companies',
      noun: ['company', 'companies'],
      resource: 'company',
      service: this.companies,
      schemas: companySchemas,
      toFilter: companyFilter,
      notFound: 'COMPANY.NOT_FOUND',
      writeErrors: ['COMPANY.CNPJ_TAKEN'],
    });
  }
}
