import { inject, injectable } from 'inversify';
import type { MergeKind } from '../../domain/merge/merge';
import type { MergeService } from '../../domain/merge/merge.service';
import { MERGE_SERVICE } from '../../domain/merge/merge.tokens';
import { NO_CONTENT } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { companySchemas } from './companies.schemas';
import { contactSchemas } from './contacts.schemas';
import { accessFor, viewerOf } from './crm-routes';
import { mergeSchemas } from './merge.schemas';

const KINDS: {
  kind: MergeKind;
  path: string;
  item: typeof contactSchemas.item;
  notFound: 'CONTACT.NOT_FOUND' | 'COMPANY.NOT_FOUND';
}[] = [
  { kind: 'contact', path: 'contacts', item: contactSchemas.item, notFound: 'CONTACT.NOT_FOUND' },
  { kind: 'company', path: 'companies', item: companySchemas.item, notFound: 'COMPANY.NOT_FOUND' },
];

/** Likely duplicates of contacts and of companies, "not a duplicate", and merging. */
@injectable()
export class MergeRouter implements HttpRouter {
  constructor(@inject(MERGE_SERVICE) private readonly merges: MergeService) {}

  routes(): RouteDefinition[] {
    return KINDS.flatMap(({ kind, path, item, notFound }) => [
      defineRoute({
        method: 'get',
        path: `/api/crm/duplicates/${path}`,
        access: accessFor(kind, 'read'),
        tag: 'duplicates',
        summary: `Likely duplicate ${path}, in groups, surest first (pairs marked not a duplicate are left out)`,
        schemas: { query: mergeSchemas.query },
        response: mergeSchemas.page,
        handler: ({ query }, req) => this.merges.duplicates(viewerOf(req), kind, query),
      }),
      defineRoute({
        method: 'post',
        path: `/api/crm/duplicates/${path}/dismiss`,
        access: accessFor(kind, 'read'),
        tag: 'duplicates',
        summary: `Not a duplicate: these ${path} are not listed together again`,
        schemas: { body: mergeSchemas.dismiss },
        response: NO_CONTENT,
        errors: [notFound],
        handler: async ({ body }, req) => {
          await this.merges.dismiss(viewerOf(req), kind, body.ids);
        },
      }),
      defineRoute({
        method: 'post',
        path: `/api/crm/${path}/merge`,
        access: accessFor(kind, 'delete'),
        tag: 'duplicates',
        summary:
          `Merge ${path} into the kept one, choosing each field's value: everything that referred to the others ` +
          'moves to it and they are deleted, in one transaction; its timeline records the merge. Admins, or whoever ' +
          'may change every record involved',
        schemas: { body: mergeSchemas.merge(kind) },
        response: item,
        errors: [notFound, 'AUTH.FORBIDDEN'],
        handler: ({ body }, req) =>
          kind === 'contact'
            ? this.merges.mergeContacts(viewerOf(req), body)
            : this.merges.mergeCompanies(viewerOf(req), body),
      }),
    ]);
  }
}
