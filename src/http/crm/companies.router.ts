import { inject, injectable } from 'inversify';
import type { CompaniesService } from '../../domain/companies/companies.service';
import { COMPANIES_SERVICE } from '../../domain/companies/companies.tokens';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import type { CompanyFilter } from '../../domain/companies/company';
import { companySchemas, type CompanyQuery } from './companies.schemas';
import { customFieldFilters } from './fields.schemas';
import { idParams } from './crm.schemas';
import { accessFor, crudRoutes, viewerOf } from './crm-routes';

/** The list's query as the service's filter (the export reads the same). */
export const companyFilter = (q: CompanyQuery): CompanyFilter => ({
  search: q.search || undefined,
  segment: q.segment,
  ownerId: q.owner,
  tag: q.tag,
  city: q.city,
  uf: q.uf,
  customFields: customFieldFilters(q),
  sort: q.sort ? { by: q.sort, order: q.order ?? 'asc' } : undefined,
});

@injectable()
export class CompaniesRouter implements HttpRouter {
  constructor(@inject(COMPANIES_SERVICE) private readonly companies: CompaniesService) {}

  routes(): RouteDefinition[] {
    return [
      ...this.crud(),
      defineRoute({
        method: 'get',
        path: '/api/crm/companies/:id/summary',
        access: accessFor('company', 'read'),
        tag: 'companies',
        summary:
          "The company's deals by how they stand (the stage's kind): open, won and lost, each a count and a total value",
        schemas: { params: idParams },
        response: companySchemas.summary,
        errors: ['COMPANY.NOT_FOUND'],
        handler: ({ params }, req) => this.companies.dealTotals(viewerOf(req), params.id),
      }),
    ];
  }

  private crud(): RouteDefinition[] {
    return crudRoutes({
      path: '/api/crm/companies',
      tag: 'companies',
      noun: ['company', 'companies'],
      resource: 'company',
      service: this.companies,
      schemas: companySchemas,
      toFilter: companyFilter,
      listNote: '; customFields.<key>=<value> parameters filter by custom fields (GET /api/crm/fields lists them)',
      notFound: 'COMPANY.NOT_FOUND',
      writeErrors: ['COMPANY.CNPJ_TAKEN'],
    });
  }
}
