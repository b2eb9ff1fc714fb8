import { inject, injectable } from 'inversify';
import type { JobPayloads, JobProcessor } from '../../domain/shared/job-queue.port';
import type { WebhooksService } from '../../domain/webhooks/webhooks.service';
import { WEBHOOKS_SERVICE } from '../../domain/webhooks/webhooks.tokens';

/** One try of one claimed delivery; the next try, if any, is scheduled in the database. */
@injectable()
export class DeliverWebhookProcessor implements JobProcessor<'webhooks.deliver'> {
  readonly jobName = 'webhooks.deliver' as const;

  constructor(@inject(WEBHOOKS_SERVICE) private readonly webhooks: WebhooksService) {}

  handle(payload: JobPayloads['webhooks.deliver']): Promise<void> {
    return this.webhooks.deliver(payload.deliveryId, new Date(payload.holdUntil));
  }
}
