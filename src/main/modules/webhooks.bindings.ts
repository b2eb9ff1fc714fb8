import { ContainerModule } from 'inversify';
import { JOB_PROCESSOR } from '../../domain/shared/shared.tokens';
import { WebhooksService } from '../../domain/webhooks/webhooks.service';
import {
  WEBHOOK_POLICY,
  WEBHOOK_REPOSITORY,
  WEBHOOK_SENDER,
  WEBHOOKS_SERVICE,
} from '../../domain/webhooks/webhooks.tokens';
import type { Config } from '../../infrastructure/config';
import { HttpWebhookSender } from '../../infrastructure/webhooks/http-webhook-sender';
import { KnexWebhookRepository } from '../../infrastructure/webhooks/knex-webhook.repository';
import { DeliverWebhookProcessor } from '../../jobs/webhooks/deliver-webhook.processor';
import { PurgeWebhookDeliveriesProcessor } from '../../jobs/webhooks/purge-webhook-deliveries.processor';
import { ScanWebhooksProcessor } from '../../jobs/webhooks/scan-webhooks.processor';

/** In production webhooks go to https and public addresses only. */
export function webhooksModule(config: Config) {
  const policy = { production: config.nodeEnv === 'production' };
  return new ContainerModule(({ bind }) => {
    bind(WEBHOOK_POLICY).toConstantValue(policy);
    bind(WEBHOOK_SENDER).toConstantValue(new HttpWebhookSender(policy));
    bind(WEBHOOK_REPOSITORY).to(KnexWebhookRepository).inSingletonScope();
    bind(WEBHOOKS_SERVICE).to(WebhooksService).inSingletonScope();
    bind(ScanWebhooksProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(ScanWebhooksProcessor);
    bind(DeliverWebhookProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(DeliverWebhookProcessor);
    bind(PurgeWebhookDeliveriesProcessor).toSelf().inSingletonScope();
    bind(JOB_PROCESSOR).toService(PurgeWebhookDeliveriesProcessor);
  });
}
