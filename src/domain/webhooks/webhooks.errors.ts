import { AppError } from '../shared/app-error';
import { RecordNotFoundError } from '../crm/crm.errors';

export class WebhookNotFoundError extends RecordNotFoundError {
  constructor() {
    super('WEBHOOK.NOT_FOUND', 'Webhook endpoint');
  }
}

export class WebhookDeliveryNotFoundError extends RecordNotFoundError {
  constructor() {
    super('WEBHOOK_DELIVERY.NOT_FOUND', 'Webhook delivery');
  }
}

export class WebhookLimitError extends AppError {
  constructor(max: number) {
    super('WEBHOOK.LIMIT_REACHED', `There are at most ${max} webhook endpoints: delete one first`);
  }
}
