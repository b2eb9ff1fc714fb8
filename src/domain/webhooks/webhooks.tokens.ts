export const WEBHOOK_REPOSITORY = Symbol.for('webhooks.WebhookRepository');
export const WEBHOOK_SENDER = Symbol.for('webhooks.WebhookSender');
export const WEBHOOKS_SERVICE = Symbol.for('webhooks.WebhooksService');
/** The delivery policy: `production` (https only, no private addresses) or not (http to localhost allowed). */
export const WEBHOOK_POLICY = Symbol.for('webhooks.WebhookPolicy');
