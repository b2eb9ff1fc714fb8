import { inject, injectable } from 'inversify';
import type { CompaniesService } from '../../domain/companies/companies.service';
import { COMPANIES_SERVICE } from '../../domain/companies/companies.tokens';
import type { HttpRouter, RouteDefinition } from '../route';
import { companySchemas } from './companies.schemas';
import { crudRoutes } from './crm-routes';

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
      toFilter: (q) => ({
        search: q.search || undefined,
        segment: q.segment,
        ownerId: q.owner,
        tag: q.tag,
        city: q.city,
        uf: q.uf,
      }),
      notFound: 'COMPANY.NOT_FOUND',
      writeErrors: ['COMPANY.CNPJ_TAKEN'],
    });
  }
}
