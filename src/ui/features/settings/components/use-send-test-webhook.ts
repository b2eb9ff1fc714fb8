import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import type { WebhookEndpoint } from '../api/get-webhooks';
import { useSendTestWebhook } from '../api/webhook-mutations';

/**
 * "Send test event": a `webhook.test` event sent now, its first attempt's outcome in a toast (the code it got, or why
 * it failed); `showLog`, from the list, puts a button in the toast that opens the endpoint's deliveries.
 */
export function useSendTest(showLog?: (endpoint: WebhookEndpoint) => void) {
  const { t } = useTranslation();
  const test = useSendTestWebhook();
  const send = (endpoint: WebhookEndpoint) =>
    test.mutate(endpoint.id, {
      onSuccess: (delivery) => {
        const action = showLog && {
          label: t('webhooks.deliveries.open'),
          altText: t('webhooks.deliveries.openAlt'),
          onClick: () => showLog(endpoint),
        };
        const code = delivery.responseCode ?? '—';
        if (delivery.status === 'succeeded') toast({ title: t('webhooks.testDelivered', { code }), action });
        else
          toast({
            variant: 'destructive',
            title: t('webhooks.testFailed'),
            description:
              delivery.responseCode !== null
                ? t('webhooks.deliveries.code', { code: delivery.responseCode })
                : (delivery.error ?? undefined),
            action,
          });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: t('webhooks.testFailed'), description: errorMessage(error, t) }),
    });
  /** The endpoint whose test is on its way. */
  const sendingId = test.isPending ? test.variables : null;
  return { send, sendingId };
}
