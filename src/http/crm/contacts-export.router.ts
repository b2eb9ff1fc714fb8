import { stringify } from 'csv-stringify/sync';
import { inject, injectable } from 'inversify';
import Joi from 'joi';
import type { Contact } from '../../domain/contacts/contact';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import { LIST_LIMIT_MAX } from '../../domain/shared/list-page';
import { labelOf } from '../../domain/shared/labels';
import { cellWriter, csvFormat, fileQuerySchemas, UTF8_BOM, writeChunk, type CellWriter, type FileQuery } from '../csv';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { CSV } from '../response.schemas';
import { contactSchemas, type ContactQuery } from './contacts.schemas';
import { contactFilter } from './contacts.router';

const EXPORT_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'company',
  'position',
  'source',
  'status',
  'score',
  'tags',
  'notes',
  'ownerId',
  'ownerName',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Contact)[];

/**
 * A contact's cells. The header row a person reads (with `lang`) names the columns as the import wizard recognises
 * them, and the excel format writes values as it reads them back (a status by its label), so an export opened,
 * edited and imported again maps itself and keeps its values.
 */
function contactRow(contact: Contact, cell: CellWriter): string[] {
  return EXPORT_COLUMNS.map((column) => {
    switch (column) {
      case 'status':
        return cell.label('contactStatus', contact.status);
      case 'score':
      case 'id':
      case 'ownerId':
        return cell.number(contact[column]);
      case 'createdAt':
      case 'updatedAt':
        return cell.moment(contact[column]);
      default:
        return cell.text(contact[column]);
    }
  });
}

type ExportQuery = ContactQuery & FileQuery;

/** The contact list's filters without paging (the export is every matching contact), and how to write the file. */
const exportQuery: Joi.ObjectSchema<ExportQuery> = contactSchemas.listQuery
  .fork(['limit', 'cursor', 'includeTotal'], (s) => s.strip())
  .append<ExportQuery>({
    ...fileQuerySchemas,
    lang: fileQuerySchemas.lang.description(
      'Header row (and, in the excel format, labels) in this language; without it, the field names (csv) or pt (excel)',
    ),
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
        summary:
          'Every contact matching the list filters, as UTF-8 CSV with a byte-order mark, streamed page by page; format=excel writes it for a spreadsheet in `lang` and `tz`',
        tag: 'contacts',
        response: CSV,
        schemas: { query: exportQuery },
        handler: async ({ query }, req, res) => {
          const viewer = currentAuth(req).user;
          const filter = contactFilter(query);
          const format = csvFormat(query);
          const options = { delimiter: format.delimiter };
          const cell = cellWriter(format);
          const lang = query.lang ?? (format.excel ? format.lang : undefined);
          const header = lang ? EXPORT_COLUMNS.map((c) => labelOf('contactField', c, lang)) : [...EXPORT_COLUMNS];
          let page = await this.contacts.list(viewer, filter, { limit: LIST_LIMIT_MAX });
          res.status(200).type('text/csv; charset=utf-8').attachment('contacts.csv');
          await writeChunk(res, UTF8_BOM + stringify([header], options));
          for (;;) {
            if (page.items.length)
              await writeChunk(
                res,
                stringify(
                  page.items.map((c) => contactRow(c, cell)),
                  options,
                ),
              );
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
