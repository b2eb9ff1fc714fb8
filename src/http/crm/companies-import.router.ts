import { inject, injectable } from 'inversify';
import type { CompanyImportsService } from '../../domain/companies/company-imports.service';
import { COMPANY_IMPORTS_SERVICE } from '../../domain/companies/companies.tokens';
import { IMPORT_MAX_BYTES } from '../contact-imports/contact-imports.schemas';
import { withUpload, type Upload } from '../contact-imports/multipart';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import type { Request } from 'express';
import {
  checkCompanyFields,
  companyImportFields,
  companyImportPreviewResponse,
  companyImportResponse,
  type CompanyImportFields,
} from './companies-import.schemas';
import { accessFor } from './crm-routes';

const JSON_FIELDS = { mapping: { message: 'mapping must be a JSON object', type: 'object.base' } };
const UPLOAD_ERRORS = ['REQUEST.TOO_LARGE', 'REQUEST.UNSUPPORTED_MEDIA_TYPE'] as const;
const MATCHING =
  "rows land on a company by CNPJ, else by e-mail domain (the emailDomain column or the website's; one company with it), else by name (case, accents and spacing aside; the oldest); multipart: file, mapping (JSON, column -> field or owner; guessed from the headers when absent), mode update (a matched company takes the non-empty cells) or skip";

/** POST /api/crm/companies/import[/preview]: a small CSV of companies, read in the request. */
@injectable()
export class CompaniesImportRouter implements HttpRouter {
  constructor(@inject(COMPANY_IMPORTS_SERVICE) private readonly imports: CompanyImportsService) {}

  /** The upload's fields checked, then `work`; the spooled file removed whatever happens. */
  private withUpload<T>(req: Request, work: (upload: Upload, fields: CompanyImportFields) => Promise<T>) {
    return withUpload(req, IMPORT_MAX_BYTES, companyImportFields, JSON_FIELDS, work);
  }

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: '/api/crm/companies/import/preview',
        access: accessFor('company', 'create'),
        summary: `Dry run of a companies import (at most 20,000 rows): the columns, the mapping, the counts and the first 20 rows with what each would do; ${MATCHING}; writes nothing`,
        tag: 'companies',
        upload: companyImportFields,
        response: companyImportPreviewResponse,
        errors: [...UPLOAD_ERRORS],
        handler: (_input, req) =>
          this.withUpload(req, (upload, { mapping, mode }) =>
            this.imports.preview(currentAuth(req).user, {
              file: upload.file,
              mapping,
              mode,
              check: checkCompanyFields,
            }),
          ),
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/companies/import',
        access: accessFor('company', 'create'),
        summary: `Imports companies from a CSV (at most 20,000 rows) in one transaction: ${MATCHING}. Refused rows (invalid, a second row for one company, a company the user may not change) are listed with their reason; the others go in`,
        tag: 'companies',
        upload: companyImportFields,
        response: companyImportResponse,
        errors: [...UPLOAD_ERRORS],
        handler: (_input, req) =>
          this.withUpload(req, (upload, { mapping, mode }) =>
            this.imports.run(currentAuth(req).user, { file: upload.file, mapping, mode, check: checkCompanyFields }),
          ),
      }),
    ];
  }
}
