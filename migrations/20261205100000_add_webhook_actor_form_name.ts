import type { Knex } from 'knex';
import {
  IMPORT_ACTOR,
  importEventsFunction,
  TIMELINE_ACTOR,
  timelineEventsFunction,
} from './20261204160000_create_webhooks';

/**
 * A lead from a web form is the owner's act "via formulário X" on the history; its events now say so too: every
 * event's actor gains `formName` (null unless a form made the change), as it has `apiKeyName` for a key's.
 */
const TIMELINE_ACTOR_WITH_FORM =
  "jsonb_build_object('userId', NEW.user_id, 'apiKeyName', NEW.api_key_name, 'formName', NEW.form_name, 'bulk', NEW.bulk)";
const IMPORT_ACTOR_WITH_FORM =
  "jsonb_build_object('userId', NEW.created_by, 'apiKeyName', NULL, 'formName', NULL, 'bulk', false)";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(timelineEventsFunction(TIMELINE_ACTOR_WITH_FORM));
  await knex.raw(importEventsFunction(IMPORT_ACTOR_WITH_FORM));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(timelineEventsFunction(TIMELINE_ACTOR));
  await knex.raw(importEventsFunction(IMPORT_ACTOR));
}
