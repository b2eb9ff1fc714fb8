import { inject, injectable } from 'inversify';
import type { Request } from 'express';
import type { DealImportsService } from '../../domain/deals/deal-imports.service';
import { DEAL_IMPORTS_SERVICE } from '../../domain/deals/deal-imports.tokens';
import { IMPORT_MAX_BYTES } from '../contact-imports/contact-imports.schemas';
import { withUpload, type Upload } from '../contact-imports/multipart';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor } from './crm-routes';
import {
  checkDealFields,
  dealImportFields,
  dealImportPreviewResponse,
  dealImportResponse,
  type DealImportFields,
} from './deals-import.schemas';

const JSON_FIELDS = {
  mapping: { message: 'mapping must be a JSON object', type: 'object.base' },
  stageMapping: { message: 'stageMapping must be a JSON object', type: 'object.base' },
};
const UPLOAD_ERRORS = ['REQUEST.TOO_LARGE', 'REQUEST.UNSUPPORTED_MEDIA_TYPE'] as const;
const HOW =
  "multipart: file, mapping (JSON, column -> field; guessed from the headers when absent), pipeline (its key; the default one), stageMapping (JSON, a stage name of the file -> a stage of the pipeline), ownerId (the importer when absent). Each stage name is matched to the pipeline's stages by name (case, accents and spacing aside), then by the CRM's default stages, and a won or lost status or stage goes to the pipeline's stage of that kind; people are linked by e-mail, else by name (one contact), else made; companies by name, else made";

/** POST /api/crm/deals/import[/preview]: a small CSV of deals (another CRM's export), read in the request. */
@injectable()
export class DealsImportRouter implements HttpRouter {
  constructor(@inject(DEAL_IMPORTS_SERVICE) private readonly imports: DealImportsService) {}

  /** The upload's fields checked, then `work`; the spooled file removed whatever happens. */
  private withUpload<T>(req: Request, work: (upload: Upload, fields: DealImportFields) => Promise<T>) {
    return withUpload(req, IMPORT_MAX_BYTES, dealImportFields, JSON_FIELDS, work);
  }

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: '/api/crm/deals/import/preview',
        access: accessFor('deal', 'create'),
        summary: `Dry run of a deals import (at most 20,000 rows): the columns, the mapping, each stage name with the stage it maps to, the counts and the first 20 rows with what each would do; ${HOW}; writes nothing`,
        tag: 'deals',
        upload: dealImportFields,
        response: dealImportPreviewResponse,
        errors: [...UPLOAD_ERRORS],
        handler: (_input, req) =>
          this.withUpload(req, (upload, fields) =>
            this.imports.preview(currentAuth(req).user, { file: upload.file, ...fields, check: checkDealFields }),
          ),
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/deals/import',
        access: accessFor('deal', 'create'),
        summary: `Imports deals from a CSV (at most 20,000 rows) in one transaction, each at the end of its stage's column with one 'created' timeline entry: ${HOW}. Refused whole (400 naming stageMapping.<name>) while a stage name with rows maps to no stage; refused rows are listed with their reason, the others go in`,
        tag: 'deals',
        upload: dealImportFields,
        response: dealImportResponse,
        errors: [...UPLOAD_ERRORS],
        handler: (_input, req) =>
          this.withUpload(req, (upload, fields) =>
            this.imports.run(currentAuth(req).user, { file: upload.file, ...fields, check: checkDealFields }),
          ),
      }),
    ];
  }
}
