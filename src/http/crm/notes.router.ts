import { inject, injectable } from 'inversify';
import type { NotesService } from '../../domain/notes/notes.service';
import { NOTES_SERVICE } from '../../domain/notes/notes.tokens';
import { NO_CONTENT, pageResponse } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { idParams } from './crm.schemas';
import { accessFor, pageOf, viewerOf } from './crm-routes';
import { noteSchemas } from './notes.schemas';

const PATH = '/api/crm/notes';

@injectable()
export class NotesRouter implements HttpRouter {
  constructor(@inject(NOTES_SERVICE) private readonly notes: NotesService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: PATH,
        access: accessFor('note', 'read'),
        tag: 'notes',
        summary:
          "Notes and calls, newest first: a contact's, a deal's, a company's (with its people's and deals'), the pinned ones",
        schemas: { query: noteSchemas.listQuery },
        response: pageResponse(noteSchemas.item),
        handler: ({ query }, req) =>
          this.notes.list(
            viewerOf(req),
            { contactId: query.contact, dealId: query.deal, companyId: query.company, pinned: query.pinned },
            pageOf(query),
          ),
      }),
      defineRoute({
        method: 'post',
        path: PATH,
        access: accessFor('note', 'create'),
        tag: 'notes',
        summary:
          'Log a note or a call on a contact, a deal or a company; with activityId it completes that activity, with next it plans ' +
          'the follow-up activity: all in one transaction, with their timeline entries',
        schemas: { body: noteSchemas.create },
        status: 201,
        response: noteSchemas.created,
        errors: ['ACTIVITY.NOT_FOUND', 'AUTH.FORBIDDEN'],
        handler: ({ body }, req) => this.notes.create(viewerOf(req), body),
      }),
      defineRoute({
        method: 'get',
        path: `${PATH}/:id`,
        access: accessFor('note', 'read'),
        tag: 'notes',
        summary: 'One note',
        schemas: { params: idParams },
        response: noteSchemas.item,
        errors: ['NOTE.NOT_FOUND'],
        handler: ({ params }, req) => this.notes.get(viewerOf(req), params.id),
      }),
      defineRoute({
        method: 'patch',
        path: `${PATH}/:id`,
        access: accessFor('note', 'update'),
        tag: 'notes',
        summary:
          'Change a note (its author or an admin): a change of content keeps the previous text and sets editedAt; ' +
          'pinned pins or unpins it',
        schemas: { params: idParams, body: noteSchemas.update },
        response: noteSchemas.item,
        errors: ['NOTE.NOT_FOUND', 'AUTH.FORBIDDEN'],
        handler: ({ params, body }, req) => this.notes.update(viewerOf(req), params.id, body),
      }),
      defineRoute({
        method: 'delete',
        path: `${PATH}/:id`,
        access: accessFor('note', 'delete'),
        tag: 'notes',
        summary: 'Delete a note (its author or an admin); its timeline entry stays, with note null',
        schemas: { params: idParams },
        response: NO_CONTENT,
        errors: ['NOTE.NOT_FOUND', 'AUTH.FORBIDDEN'],
        handler: async ({ params }, req) => {
          await this.notes.remove(viewerOf(req), params.id);
        },
      }),
    ];
  }
}
