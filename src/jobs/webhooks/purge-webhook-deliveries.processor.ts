import { inject, injectable } from 'inversify';
import type { JobProcessor } from '../../domain/shared/job-queue.port';
import type { WebhooksService } from '../../domain/webhooks/webhooks.service';
import { WEBHOOKS_SERVICE } from '../../domain/webhooks/webhooks.tokens';

/** Hourly: deletes finished webhook deliveries past the log's 30 days, and the events left with none. */
@injectable()
export class PurgeWebhookDeliveriesProcessor implements JobProcessor<'webhooks.purge'> {
  readonly jobName = 'webhooks.purge' as const;
  readonly everyMs = 60 * 60 * 1000;

  constructor(@inject(WEBHOOKS_SERVICE) private readonly webhooks: WebhooksService) {}

  async handle(): Promise<void> {
    await this.webhooks.purge();
  }
}
