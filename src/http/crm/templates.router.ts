import { inject, injectable } from 'inversify';
import type { TemplatesService } from '../../domain/templates/templates.service';
import { TEMPLATES_SERVICE } from '../../domain/templates/templates.tokens';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { accessFor, crudRoutes, viewerOf } from './crm-routes';
import { renderedTemplate, renderTemplateSchemas, templateSchemas } from './templates.schemas';

@injectable()
export class TemplatesRouter implements HttpRouter {
  constructor(@inject(TEMPLATES_SERVICE) private readonly templates: TemplatesService) {}

  routes(): RouteDefinition[] {
    return [
      ...crudRoutes({
        path: '/api/crm/templates',
        tag: 'templates',
        noun: ['template', 'templates'],
        resource: 'template',
        service: this.templates,
        schemas: templateSchemas,
        toFilter: (q) => ({ search: q.search || undefined, category: q.category, isActive: q.active }),
        notFound: 'TEMPLATE.NOT_FOUND',
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/templates/:id/render',
        access: accessFor('template', 'read'),
        tag: 'templates',
        summary: 'Fill a template from a contact (and deal); inserted values are HTML-escaped in the body',
        schemas: renderTemplateSchemas,
        response: renderedTemplate,
        errors: ['TEMPLATE.NOT_FOUND', 'CONTACT.NOT_FOUND', 'DEAL.NOT_FOUND'],
        handler: ({ params, body }, req) => this.templates.render(viewerOf(req), params.id, { ...body, userName: currentAuth(req).user.name }),
      }),
    ];
  }
}
