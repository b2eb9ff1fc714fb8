import { ContainerModule } from 'inversify';
import { HTTP_ROUTER } from '../../domain/shared/shared.tokens';
import { TemplatesService } from '../../domain/templates/templates.service';
import { TEMPLATES_SERVICE, TEMPLATE_REPOSITORY } from '../../domain/templates/templates.tokens';
import { TemplatesRouter } from '../../http/crm/templates.router';
import { KnexTemplateRepository } from '../../infrastructure/templates/knex-template.repository';

export const templatesModule = new ContainerModule(({ bind }) => {
  bind(TEMPLATE_REPOSITORY).to(KnexTemplateRepository).inSingletonScope();
  bind(TEMPLATES_SERVICE).to(TemplatesService).inSingletonScope();
  bind(TemplatesRouter).toSelf().inSingletonScope();
  bind(HTTP_ROUTER).toService(TemplatesRouter);
});
