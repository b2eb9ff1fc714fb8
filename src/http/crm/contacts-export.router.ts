import { inject, injectable } from 'inversify';
import type { CustomFieldsService } from '../../domain/custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../../domain/custom-fields/custom-fields.tokens';
import type { Contact } from '../../domain/contacts/contact';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import { LIST_LIMIT_MAX } from '../../domain/shared/list-page';
import { exportQueryOf, streamCsvExport, type ColumnKinds } from '../csv';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { actorOf } from '../../domain/privacy/consents.service';
import type { PrivacyRequestsService } from '../../domain/privacy/privacy-requests.service';
import { PRIVACY_REQUESTS_SERVICE } from '../../domain/privacy/privacy.tokens';
import { CSV } from '../response.schemas';
import { viewerOf } from './crm-routes';
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
 * How a contact's cells are written. The header row a person reads (with `lang`) names the columns as the import
 * wizard recognises them, and the excel format writes values as it reads them back (a status by its label), so an
 * export opened, edited and imported again maps itself and keeps its values.
 */
const COLUMN_KINDS: ColumnKinds<(typeof EXPORT_COLUMNS)[number]> = {
  id: 'number',
  status: 'contactStatus',
  score: 'number',
  ownerId: 'number',
  createdAt: 'moment',
  updatedAt: 'moment',
};

/** The contact list's filters without paging (the export is every matching contact), and how to write the file. */
const exportQuery = exportQueryOf<ContactQuery>(contactSchemas.listQuery);

/** GET /api/crm/contacts/export. Registered before the contacts' own routes, whose /:id would take "export" for an id. */
@injectable()
export class ContactsExportRouter implements HttpRouter {
  constructor(
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: CustomFieldsService,
    @inject(PRIVACY_REQUESTS_SERVICE) private readonly privacy: Pick<PrivacyRequestsService, 'recordRead'>,
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/export',
        access: 'signed-in',
        summary:
          'Every contact matching the list filters, as UTF-8 CSV with a byte-order mark, streamed page by page, the offered custom fields as the last columns; format=excel writes it for a spreadsheet in `lang` and `tz`',
        tag: 'contacts',
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
            await this.privacy.recordRead(actorOf(viewerOf(req), req.ip ?? null), 'contacts.exported', { query });
          };
          const filter = { ...contactFilter(query), excludeAnonymized: true };
          await streamCsvExport(res, query, {
            fileName: 'contacts.csv',
            columns: EXPORT_COLUMNS,
            headerLabels: 'contactField',
            kinds: COLUMN_KINDS,
            customFields: { fields: await this.customFields.list('contact'), valuesOf: (item) => item.customFields },
            page: async (cursor?: string) => {
              const page = await this.contacts.list(viewer, filter, { limit: LIST_LIMIT_MAX, cursor });
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
