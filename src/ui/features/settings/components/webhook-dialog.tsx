import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { checkboxClass } from '../../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input, UrlInput } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/errors';
import type { WebhookEndpoint, WebhookEventType } from '../api/get-webhooks';
import { useCreateWebhook, useUpdateWebhook, type CreatedWebhook } from '../api/webhook-mutations';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS, eventLabelKey, groupState, toggleGroup } from '../webhook-events';

type T = (key: string, options?: Record<string, unknown>) => string;

// The server's bounds (webhooks.router.ts).
const URL_MAX = 2000;
const DESCRIPTION_MAX = 200;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What the server refuses in any setting, worded here in the reader's language: not an http(s) address, a user name
 * or password in it, http to another machine. Whether http to this machine is allowed (not in production) is its call.
 */
function urlProblem(value: string): 'urlInvalid' | 'urlCredentials' | 'urlHttps' | null {
  if (!URL.canParse(value)) return 'urlInvalid';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'urlInvalid';
  if (url.username || url.password) return 'urlCredentials';
  return url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname) ? 'urlHttps' : null;
}

const webhookSchema = (t: T) =>
  z.object({
    url: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(URL_MAX, t('validation.maxLength', { count: URL_MAX }))
      .superRefine((url, context) => {
        const problem = urlProblem(url);
        if (problem) context.addIssue({ code: 'custom', message: t(`webhooks.${problem}`) });
      }),
    description: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX, t('validation.maxLength', { count: DESCRIPTION_MAX })),
    events: z
      .array(z.enum(WEBHOOK_EVENTS as [WebhookEventType, ...WebhookEventType[]]))
      .min(1, t('webhooks.eventsRequired')),
  });

/**
 * An endpoint added (URL, description, events; it starts active, and its secret is shown once after) or edited (the
 * same fields; pausing and resuming are the list's).
 */
export function WebhookDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhook) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => webhookSchema(t), [t]);
  const form = useSchemaForm(schema, {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: endpoint?.events ?? [],
  });
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-2xl"
        title={t(endpoint ? 'webhooks.editTitle' : 'webhooks.newTitle')}
        description={t('webhooks.formDescription')}
      >
        <Form
          form={form}
          id="webhook"
          onSubmit={async ({ url, description, events }) => {
            const body = { url, description: description || null, events };
            if (endpoint) {
              await update.mutateAsync({ id: endpoint.id, body });
              toast({ title: t('webhooks.saved') });
              onClose();
            } else {
              onCreated(await create.mutateAsync(body));
            }
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('webhooks.saveFailed'), description: errorMessage(error, t) })
          }
        >
          <FormField
            control={form.control}
            name="url"
            label={t('webhooks.fields.url')}
            description={t('webhooks.hints.url')}
            render={(field) => <UrlInput {...field} maxLength={URL_MAX} />}
          />
          <FormField
            control={form.control}
            name="description"
            label={t('webhooks.fields.description')}
            description={t('webhooks.hints.description')}
            render={(field) => <Input {...field} autoComplete="off" maxLength={DESCRIPTION_MAX} />}
          />
          <FormField
            control={form.control}
            name="events"
            label={t('webhooks.fields.events')}
            description={t('webhooks.hints.events')}
            render={({ id, value, onChange, ref, 'aria-describedby': describedBy }) => (
              // The label above names the group (a <label> names no group); the fieldsets name each record's events.
              <div
                id={id}
                ref={ref}
                tabIndex={-1}
                role="group"
                aria-label={t('webhooks.fields.events')}
                aria-describedby={describedBy}
                className="grid gap-3 outline-none sm:grid-cols-2"
              >
                {WEBHOOK_EVENT_GROUPS.map((group) => (
                  <fieldset key={group.record} className="rounded-md border border-border px-3 pt-1 pb-3">
                    <legend className="px-1 text-sm font-medium text-foreground">
                      {t(`webhooks.groups.${group.record}`)}
                    </legend>
                    <div className="grid gap-2">
                      {group.events.length > 1 && (
                        <EventCheckbox
                          id={`${id}-${group.record}-all`}
                          checked={groupState(value, group)}
                          onChange={() => onChange(toggleGroup(value, group))}
                          label={t('webhooks.selectAll')}
                          strong
                        />
                      )}
                      {group.events.map((event) => (
                        <EventCheckbox
                          key={event}
                          id={`${id}-${event.replace('.', '-')}`}
                          checked={value.includes(event)}
                          onChange={(checked) =>
                            onChange(WEBHOOK_EVENTS.filter((e) => (e === event ? checked : value.includes(e))))
                          }
                          label={t(eventLabelKey(event))}
                          code={event}
                        />
                      ))}
                    </div>
                  </fieldset>
                ))}
              </div>
            )}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner />}
              {t(endpoint ? 'common.save' : 'webhooks.create')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function EventCheckbox({
  id,
  checked,
  onChange,
  label,
  code,
  strong = false,
}: {
  id: string;
  checked: boolean | 'indeterminate';
  onChange: (checked: boolean) => void;
  label: string;
  /** The event's type as the payload names it, for whoever writes the receiver. */
  code?: string;
  strong?: boolean;
}) {
  const Mark = checked === 'indeterminate' ? Minus : Check;
  return (
    <div className="flex items-start gap-2">
      {/* The shared box, with a dash when some of a group are chosen (read as "mixed"). */}
      <CheckboxPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={(next) => onChange(next === true)}
        className={cn(
          checkboxClass,
          'mt-0.5 data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        )}
      >
        <CheckboxPrimitive.Indicator>
          <Mark className="h-3 w-3" aria-hidden="true" strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <label htmlFor={id} className="grid text-sm text-foreground">
        <span className={strong ? 'font-medium' : undefined}>{label}</span>
        {code && <code className="text-xs text-muted-foreground">{code}</code>}
      </label>
    </div>
  );
}
