import { inject, injectable } from 'inversify';
import { TEMPLATE_VARIABLES } from '../../domain/templates/template';
import type { TemplatesService } from '../../domain/templates/templates.service';
import { TEMPLATES_SERVICE } from '../../domain/templates/templates.tokens';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor, crudRoutes, viewerOf } from './crm-routes';
import {
  renderedTemplate,
  renderTemplateSchemas,
  templateSchemas,
  templateUse,
  templateVariables,
  useTemplateSchemas,
} from './templates.schemas';

@injectable()
export class TemplatesRouter implements HttpRouter {
  constructor(@inject(TEMPLATES_SERVICE) private readonly templates: TemplatesService) {}

  routes(): RouteDefinition[] {
    return [
      // Before /:id, which would take "variables" for an id.
      defineRoute({
        method: 'get',
        path: '/api/crm/templates/variables',
        access: accessFor('template', 'read'),
        tag: 'templates',
        summary: 'The variables a template may use, and where each one’s value comes from',
        response: templateVariables,
        handler: () => ({ items: TEMPLATE_VARIABLES.map((variable) => ({ ...variable })) }),
      }),
      ...crudRoutes({
        path: '/api/crm/templates',
        tag: 'templates',
        noun: ['template', 'templates'],
        resource: 'template',
        service: this.templates,
        schemas: templateSchemas,
        toFilter: (q) => ({ search: q.search || undefined, category: q.category, isActive: q.active }),
        notFound: 'TEMPLATE.NOT_FOUND',
        writeErrors: ['TEMPLATE.UNKNOWN_VARIABLE'],
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/templates/:id/render',
        access: accessFor('template', 'read'),
        tag: 'templates',
        summary: 'Fill a template from a contact (and one of its deals) without counting a use',
        schemas: renderTemplateSchemas,
        response: renderedTemplate,
        errors: ['TEMPLATE.NOT_FOUND', 'CONTACT.NOT_FOUND', 'DEAL.NOT_FOUND'],
        handler: ({ params, body }, req) =>
          this.templates.render(viewerOf(req), params.id, { ...body, userName: currentAuth(req).user.name }),
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/templates/:id/use',
        access: accessFor('template', 'read'),
        tag: 'templates',
        summary:
          'Use a template for a contact: the message as plain text, the use counted and written to the contact’s timeline',
        schemas: useTemplateSchemas,
        response: templateUse,
        errors: [
          'TEMPLATE.NOT_FOUND',
          'CONTACT.NOT_FOUND',
          'DEAL.NOT_FOUND',
          'TEMPLATE.INACTIVE',
          'TEMPLATE.NO_RECIPIENT',
          'PRIVACY.CONSENT_REVOKED',
          'TEMPLATE.MISSING_VALUES',
        ],
        handler: ({ params, body }, req) =>
          this.templates.use(viewerOf(req), params.id, { ...body, userName: currentAuth(req).user.name }),
      }),
    ];
  }
}
