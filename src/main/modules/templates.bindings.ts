import { ContainerModule } from 'inversify';
import { TemplatesService } from '../../domain/templates/templates.service';
import { TEMPLATES_SERVICE, TEMPLATE_REPOSITORY } from '../../domain/templates/templates.tokens';
import { KnexTemplateRepository } from '../../infrastructure/templates/knex-template.repository';

export const templatesModule = new ContainerModule(({ bind }) => {
  bind(TEMPLATE_REPOSITORY).to(KnexTemplateRepository).inSingletonScope();
  bind(TEMPLATES_SERVICE).to(TemplatesService).inSingletonScope();
});
