import { stringify } from 'csv-stringify/sync';
import { inject, injectable } from 'inversify';
import Joi from 'joi';
import type { Contact } from '../../domain/contacts/contact';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import { LIST_LIMIT_MAX } from '../../domain/shared/list-page';
import { csvCell, UTF8_BOM, writeChunk } from '../csv';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { CSV } from '../response.schemas';
import { contactSchemas, type ContactQuery } from './contacts.schemas';
import { contactFilter } from './contacts.router';

const EXPORT_COLUMNS = ['id', 'name', 'email', 'phone', 'company', 'position', 'source', 'status', 'score', 'tags', 'notes', 'ownerId', 'ownerName', 'createdAt', 'updatedAt'] as const satisfies readonly (keyof Contact)[];
type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const EXPORT_LANGUAGES = ['pt', 'en'] as const;
type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/**
 * The header row a person reads. The Portuguese names are the ones the import wizard recognises, so an export
 * opened, edited and imported again maps itself.
 */
const HEADERS: Record<ExportLanguage, Record<ExportColumn, string>> = {
  pt: {
    id: 'ID', name: 'Nome', email: 'E-mail', phone: 'Telefone', company: 'Empresa', position: 'Cargo', source: 'Origem',
    status: 'Status', score: 'Pontuação', tags: 'Tags', notes: 'Observações', ownerId: 'ID do responsável',
    ownerName: 'Responsável', createdAt: 'Criado em', updatedAt: 'Atualizado em',
  },
  en: {
    id: 'ID', name: 'Name', email: 'Email', phone: 'Phone', company: 'Company', position: 'Position', source: 'Source',
    status: 'Status', score: 'Score', tags: 'Tags', notes: 'Notes', ownerId: 'Owner ID',
    ownerName: 'Owner', createdAt: 'Created at', updatedAt: 'Updated at',
  },
};

const SEPARATORS = { comma: ',', semicolon: ';' } as const;

type ExportQuery = ContactQuery & { lang?: ExportLanguage; separator: keyof typeof SEPARATORS };

/** The contact list's filters without paging (the export is every matching contact), and how to write the file. */
const exportQuery: Joi.ObjectSchema<ExportQuery> = contactSchemas.listQuery.fork(['limit', 'cursor', 'includeTotal'], (s) => s.strip()).append<ExportQuery>({
  lang: Joi.string().valid(...EXPORT_LANGUAGES).description('Header row in this language; without it, the field names'),
  separator: Joi.string().valid(...Object.keys(SEPARATORS)).default('comma').description('semicolon for Excel set to Portuguese (pt-BR)'),
});

/** GET /api/crm/contacts/export. Registered before the contacts' own routes, whose /:id would take "export" for an id. */
@injectable()
export class ContactsExportRouter implements HttpRouter {
  constructor(@inject(CONTACTS_SERVICE) private readonly contacts: ContactsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/export',
        access: 'signed-in',
        summary: 'Every contact matching the list filters, as UTF-8 CSV with a byte-order mark, streamed page by page',
        tag: 'contacts',
        response: CSV,
        schemas: { query: exportQuery },
        handler: async ({ query }, req, res) => {
          const viewer = currentAuth(req).user;
          const filter = contactFilter(query);
          const options = { delimiter: SEPARATORS[query.separator] };
          const header = query.lang ? EXPORT_COLUMNS.map((c) => HEADERS[query.lang!][c]) : [...EXPORT_COLUMNS];
          let page = await this.contacts.list(viewer, filter, { limit: LIST_LIMIT_MAX });
          res.status(200).type('text/csv; charset=utf-8').attachment('contacts.csv');
          await writeChunk(res, UTF8_BOM + stringify([header], options));
          for (;;) {
            if (page.items.length) await writeChunk(res, stringify(page.items.map((c) => EXPORT_COLUMNS.map((k) => csvCell(c[k]))), options));
            if (!page.nextCursor || res.destroyed) break;
            page = await this.contacts.list(viewer, filter, { limit: LIST_LIMIT_MAX, cursor: page.nextCursor });
          }
          res.end();
          return undefined;
        },
      }),
    ];
  }
}
