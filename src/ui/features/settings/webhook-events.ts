import type { WebhookEventType } from './api/get-webhooks';

/** Every event an endpoint can ask for, in the form's order (the compiler checks none is missing). */
export const WEBHOOK_EVENTS = Object.keys({
  'contact.created': 0,
  'contact.updated': 0,
  'contact.deleted': 0,
  'company.created': 0,
  'company.updated': 0,
  'company.deleted': 0,
  'deal.created': 0,
  'deal.updated': 0,
  'deal.deleted': 0,
  'deal.stage_changed': 0,
  'deal.won': 0,
  'deal.lost': 0,
  'activity.created': 0,
  'activity.updated': 0,
  'activity.deleted': 0,
  'note.created': 0,
  'note.updated': 0,
  'note.deleted': 0,
  'import.completed': 0,
} satisfies Record<WebhookEventType, 0>) as WebhookEventType[];

export interface WebhookEventGroup {
  /** The record the events are about: `contact` for `contact.created`. */
  record: string;
  events: WebhookEventType[];
}

/** The events by the record they are about, in the form's order: `contact.*`, then `company.*`... */
export const WEBHOOK_EVENT_GROUPS: WebhookEventGroup[] = WEBHOOK_EVENTS.reduce<WebhookEventGroup[]>((groups, event) => {
  const record = event.slice(0, event.indexOf('.'));
  const group = groups.find((g) => g.record === record);
  if (group) group.events.push(event);
  else groups.push({ record, events: [event] });
  return groups;
}, []);

/**
 * A group's "all" box after a press: every event of the group chosen when some were not, none when all were. The
 * other groups' events keep their place in `chosen`.
 */
export function toggleGroup(chosen: readonly WebhookEventType[], group: WebhookEventGroup): WebhookEventType[] {
  const all = group.events.every((event) => chosen.includes(event));
  const next = new Set(chosen);
  for (const event of group.events) {
    if (all) next.delete(event);
    else next.add(event);
  }
  return WEBHOOK_EVENTS.filter((event) => next.has(event));
}

/** A group's "all" box: checked, unchecked or mixed. */
export function groupState(chosen: readonly WebhookEventType[], group: WebhookEventGroup): boolean | 'indeterminate' {
  const count = group.events.filter((event) => chosen.includes(event)).length;
  return count === 0 ? false : count === group.events.length ? true : 'indeterminate';
}

/** The i18n key of an event's name (`webhook.test` too); an unknown type shows as itself. */
export const eventLabelKey = (eventType: string): string => `webhooks.eventTypes.${eventType}`;
