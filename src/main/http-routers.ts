import { ContainerModule, type Newable } from 'inversify';
import { HTTP_ROUTER } from '../domain/shared/shared.tokens';
import { ContactImportsRouter } from '../http/contact-imports/contact-imports.router';
import { ActivitiesRouter } from '../http/crm/activities.router';
import { ContactsExportRouter } from '../http/crm/contacts-export.router';
import { ContactsRouter } from '../http/crm/contacts.router';
import { CompaniesExportRouter } from '../http/crm/companies-export.router';
import { CompaniesImportRouter } from '../http/crm/companies-import.router';
import { CompaniesRouter } from '../http/crm/companies.router';
import { DealsImportRouter } from '../http/crm/deals-import.router';
import { DealsRouter } from '../http/crm/deals.router';
import { LostReasonsRouter } from '../http/crm/lost-reasons.router';
import { MergeRouter } from '../http/crm/merge.router';
import { NotesRouter } from '../http/crm/notes.router';
import { PipelineStagesRouter } from '../http/crm/pipeline-stages.router';
import { PipelinesRouter } from '../http/crm/pipelines.router';
import { FieldsRouter } from '../http/crm/fields.router';
import { ViewsRouter } from '../http/crm/views.router';
import { TemplatesRouter } from '../http/crm/templates.router';
import { TimelineRouter } from '../http/crm/timeline.router';
import { DashboardRouter } from '../http/dashboard/dashboard.router';
import { NotificationsRouter } from '../http/notifications/notifications.router';
import { OpenApiRouter } from '../http/openapi/openapi.router';
import { ALL_ROUTES } from '../http/openapi/openapi.tokens';
import { ReportBuilderRouter } from '../http/report-builder/report-builder.router';
import { ReportsRouter } from '../http/reports/reports.router';
import type { HttpRouter } from '../http/route';
import { SearchRouter } from '../http/search/search.router';
import { GoalsRouter } from '../http/crm/goals.router';
import { HomeRouter } from '../http/home/home.router';
import { SystemRouter } from '../http/system/system.router';
import { MetricsRouter } from '../http/metrics/metrics.router';
import { AdminUsersRouter } from '../http/users/admin-users.router';
import { UsersRouter } from '../http/users/users.router';
import { ApiKeysRouter } from '../http/users/api-keys.router';
import { WebhooksRouter } from '../http/webhooks/webhooks.router';
import { FormsRouter } from '../http/forms/forms.router';
import { PrivacyRouter } from '../http/privacy/privacy.router';
import { PrivacyRequestsRouter } from '../http/privacy/privacy-requests.router';
import { RetentionRouter } from '../http/privacy/retention.router';

/**
 * Every HTTP router, in the order requests try their routes: where two routes match the same path, the one
 * listed first answers. `getAll(HTTP_ROUTER)` returns them in this order (the app mounts them so, and the
 * OpenAPI document lists them so).
 */
export const HTTP_ROUTERS: Newable<HttpRouter>[] = [
  SystemRouter,
  MetricsRouter,
  DashboardRouter,
  UsersRouter,
  ApiKeysRouter,
  AdminUsersRouter,
  WebhooksRouter,
  FormsRouter,
  PrivacyRouter,
  PrivacyRequestsRouter,
  RetentionRouter,
  TimelineRouter,
  // Before both contacts routers: its GET /api/crm/contacts/import/... routes sit under /api/crm/contacts.
  ContactImportsRouter,
  // Before ContactsRouter and CompaniesRouter: POST /api/crm/contacts/merge and /api/crm/companies/merge.
  MergeRouter,
  // Before ContactsRouter: its GET /api/crm/contacts/:id would take "export" for an id.
  ContactsExportRouter,
  ContactsRouter,
  // Before CompaniesRouter: its GET /api/crm/companies/:id would take "export" for an id.
  CompaniesExportRouter,
  // Before CompaniesRouter too: POST /api/crm/companies/import is not a company's route.
  CompaniesImportRouter,
  CompaniesRouter,
  // Before DealsRouter: POST /api/crm/deals/import is not a deal's route.
  DealsImportRouter,
  DealsRouter,
  PipelinesRouter,
  PipelineStagesRouter,
  FieldsRouter,
  ViewsRouter,
  LostReasonsRouter,
  ActivitiesRouter,
  NotesRouter,
  ReportsRouter,
  ReportBuilderRouter,
  NotificationsRouter,
  TemplatesRouter,
  SearchRouter,
  GoalsRouter,
  HomeRouter,
  OpenApiRouter,
];

export const httpRoutersModule = new ContainerModule(({ bind }) => {
  for (const router of HTTP_ROUTERS) {
    bind(router).toSelf().inSingletonScope();
    bind(HTTP_ROUTER).toService(router);
  }
  // Resolved lazily: the document lists its own route too.
  bind(ALL_ROUTES).toDynamicValue(
    (context) => () => context.getAll<HttpRouter>(HTTP_ROUTER).flatMap((r) => r.routes()),
  );
});
