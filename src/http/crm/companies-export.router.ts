import { inject, injectable } from 'inversify';
import type { CustomFieldsService } from '../../domain/custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../../domain/custom-fields/custom-fields.tokens';
import type { CompaniesService } from '../../domain/companies/companies.service';
import { COMPANIES_SERVICE } from '../../domain/companies/companies.tokens';
import { COMPANY_TRACKED_FIELDS, type Company } from '../../domain/companies/company';
import { LIST_LIMIT_MAX } from '../../domain/shared/list-page';
import { exportQueryOf, streamCsvExport, type ColumnKinds } from '../csv';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { actorOf } from '../../domain/privacy/consents.service';
import type { PrivacyRequestsService } from '../../domain/privacy/privacy-requests.service';
import { PRIVACY_REQUESTS_SERVICE } from '../../domain/privacy/privacy.tokens';
import { CSV } from '../response.schemas';
import { viewerOf } from './crm-routes';
import { companySchemas, type CompanyQuery } from './companies.schemas';
import { companyFilter } from './companies.router';
import { accessFor } from './crm-routes';

const EXPORT_COLUMNS = [
  'id',
  ...COMPANY_TRACKED_FIELDS,
  'ownerName',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Company)[];

/** How a company's cells are written: the CNPJ formatted as the screens show it, the size by its label in the excel format. */
const COLUMN_KINDS: ColumnKinds<(typeof EXPORT_COLUMNS)[number]> = {
  id: 'number',
  size: 'companySize',
  ownerId: 'number',
  createdAt: 'moment',
  updatedAt: 'moment',
};

const exportQuery = exportQueryOf<CompanyQuery>(companySchemas.listQuery);

/** GET /api/crm/companies/export. Registered before the companies' own routes, whose /:id would take "export" for an id. */
@injectable()
export class CompaniesExportRouter implements HttpRouter {
  constructor(
    @inject(COMPANIES_SERVICE) private readonly companies: CompaniesService,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: CustomFieldsService,
    @inject(PRIVACY_REQUESTS_SERVICE) private readonly privacy: Pick<PrivacyRequestsService, 'recordRead'>,
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/crm/companies/export',
        access: accessFor('company', 'read'),
        summary:
          'Every company matching the list filters, as UTF-8 CSV with a byte-order mark, streamed page by page, the offered custom fields as the last columns; format=excel writes it for a spreadsheet in `lang` and `tz`',
        tag: 'companies',
        response: CSV,
        schemas: { query: exportQuery },
        handler: async ({ query }, req, res) => {
          const viewer = currentAuth(req).user;
          // A read of personal data in bulk: in the record of operations, with what it asked for, once its first page
          // is read (a refused export, a bad sort, records nothing).
          let recorded = false;
          const recordRead = async () => {
            if (recorded) return;
            recorded = true;
            await this.privacy.recordRead(actorOf(viewerOf(req), req.ip ?? null), 'companies.exported', { query });
          };
          const filter = companyFilter(query);
          await streamCsvExport(res, query, {
            fileName: 'companies.csv',
            columns: EXPORT_COLUMNS,
            headerLabels: 'companyField',
            kinds: COLUMN_KINDS,
            customFields: { fields: await this.customFields.list('company'), valuesOf: (item) => item.customFields },
            page: async (cursor?: string) => {
              const page = await this.companies.list(viewer, filter, { limit: LIST_LIMIT_MAX, cursor });
              await recordRead();
              return page;
            },
          });
          return undefined;
        },
      }),
    ];
  }
}
