import { ContainerModule } from 'inversify';
import { FormsService } from '../../domain/forms/forms.service';
import { FORMS_POLICY, FORMS_SERVICE, LEAD_FORM_REPOSITORY } from '../../domain/forms/forms.tokens';
import type { Config } from '../../infrastructure/config';
import { KnexLeadFormRepository } from '../../infrastructure/forms/knex-lead-form.repository';

/** In production a form's redirect must be https. */
export function formsModule(config: Config) {
  return new ContainerModule(({ bind }) => {
    bind(FORMS_POLICY).toConstantValue({ production: config.nodeEnv === 'production' });
    bind(LEAD_FORM_REPOSITORY).to(KnexLeadFormRepository).inSingletonScope();
    bind(FORMS_SERVICE).to(FormsService).inSingletonScope();
  });
}
