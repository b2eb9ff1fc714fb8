import { inject, injectable } from 'inversify';
import type { JobProcessor } from '../../domain/shared/job-queue.port';
import { CONFIG } from '../../domain/shared/shared.tokens';
import type { WebhooksService } from '../../domain/webhooks/webhooks.service';
import { WEBHOOKS_SERVICE } from '../../domain/webhooks/webhooks.tokens';

/** The part of the configuration this job reads: WEBHOOK_SCAN_SECONDS, in milliseconds. */
export interface WebhookScanSettings {
  webhookScanMs?: number;
}

/** Every 2 seconds (WEBHOOK_SCAN_SECONDS): claims the deliveries that are due and queues one job each. */
@injectable()
export class ScanWebhooksProcessor implements JobProcessor<'webhooks.scan'> {
  readonly jobName = 'webhooks.scan' as const;
  readonly everyMs: number;

  constructor(
    @inject(WEBHOOKS_SERVICE) private readonly webhooks: WebhooksService,
    @inject(CONFIG) settings: WebhookScanSettings,
  ) {
    this.everyMs = settings.webhookScanMs ?? 2_000;
  }

  async handle(): Promise<void> {
    await this.webhooks.scan();
  }
}
