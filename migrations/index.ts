import type { Knex } from 'knex';
import * as createUsersAndSessions from './20261122100000_create_users_and_sessions';
import * as createCrmTables from './20261122100100_create_crm_tables';
import * as seedDefaultPipelineAndTemplates from './20261122100200_seed_default_pipeline_and_templates';
import * as addCrmSearchAndTimeline from './20261122110000_add_crm_search_and_timeline';
import * as createReportSnapshots from './20261122120000_create_report_snapshots';
import * as createContactImports from './20261122121000_create_contact_imports';
import * as createRemindersAndNotifications from './20261122122000_create_reminders_and_notifications';
import * as addNotificationSubjectAndDue from './20261122130000_add_notification_subject_and_due';
import * as addTimelineImport from './20261123100000_add_timeline_import';
import * as addDealPosition from './20261123100100_add_deal_position';
import * as addContactSourceIndex from './20261123110000_add_contact_source_index';
import * as addContactPhoneKey from './20261123110100_add_contact_phone_key';
import * as addContactImportUndo from './20261123121500_add_contact_import_undo';
import * as addTimelineBulk from './20261123130000_add_timeline_bulk';
import * as createContactTagCounts from './20261123140000_create_contact_tag_counts';
import * as addStageStaleDaysAndLostReasons from './20261123140100_add_stage_stale_days_and_lost_reasons';
import * as addActivityDueIndexes from './20261123150000_add_activity_due_indexes';
import * as addNotificationEmailSwitches from './20261123150100_add_notification_email_switches';
import * as addPasswordChangeAndSecurityEvents from './20261124100400_add_password_change_and_security_events';
import * as addStageAndLostReasonSettings from './20261124100500_add_stage_and_lost_reason_settings';
import * as createSavedReports from './20261124100200_create_saved_reports';
import * as addSearchIndexes from './20261124100600_add_search_indexes';
import * as addQuickReportIndexes from './20261124100100_add_quick_report_indexes';
import * as addTemplateUsage from './20261124100300_add_template_usage';
import * as addUsernameAsciiCheck from './20261124120100_add_username_ascii_check';
import * as inlineSearchText from './20261124120700_inline_search_text';
import * as createDealStageTotals from './20261124120701_create_deal_stage_totals';
import * as addReminderClaimIndex from './20261124120800_add_reminder_claim_index';
import * as storeContactSearchText from './20261124130200_store_contact_search_text';
import * as addContactImportDoneRows from './20261124150100_add_contact_import_done_rows';
import * as storeImportFileInSlices from './20261124165000_store_import_file_in_slices';
import * as bucketContactSearchIndex from './20261124170500_bucket_contact_search_index';
import * as storeContactPhoneE164 from './20261127000100_store_contact_phone_e164';
import * as addContactSourceSuggestions from './20261127000200_add_contact_source_suggestions';
import * as addContactImportOwners from './20261126235500_add_contact_import_owners';
import * as addDealProbabilityManual from './20261127100000_add_deal_probability_manual';
import * as createCrmNotes from './20261127120000_create_crm_notes';
import * as createCrmGoals from './20261127120100_create_crm_goals';
import * as createDealNextStepTotals from './20261127140000_create_deal_next_step_totals';
import * as createCompanies from './20261127150000_create_companies';
import * as linkContactsToCompanies from './20261128100000_link_contacts_to_companies';
import * as createDealContacts from './20261128100100_create_deal_contacts';
import * as createDuplicateDismissals from './20261128100200_create_duplicate_dismissals';
import * as addCompanyToNotesAndActivities from './20261128110000_add_company_to_notes_and_activities';
import * as ownMigratedCompanies from './20261128120000_own_migrated_companies';
import * as addCompanyImport from './20261128120100_add_company_import';
import * as addTimelineCompany from './20261128120200_add_timeline_company';
import * as createPipelines from './20261202100000_create_pipelines';
import * as addReportSnapshotPipeline from './20261202110000_add_report_snapshot_pipeline';
import * as addGoalPipeline from './20261202120000_add_goal_pipeline';
import * as createCustomFields from './20261202130000_create_custom_fields';
import * as addDealAndCompanyCustomFields from './20261202140000_add_deal_and_company_custom_fields';
import * as addCustomFieldFilterIndexes from './20261202150000_add_custom_field_filter_indexes';
import * as addCustomFieldPinned from './20261202160000_add_custom_field_pinned';
import * as addContactSortIndexes from './20261203090000_add_contact_sort_indexes';
import * as addCustomFieldSortIndexes from './20261203100000_add_custom_field_sort_indexes';
import * as addCompanySortIndexes from './20261203110000_add_company_sort_indexes';
import * as addDealSortIndexes from './20261203120000_add_deal_sort_indexes';
import * as createSavedViews from './20261203130000_create_saved_views';
import * as addActivitySortIndexes from './20261203140000_add_activity_sort_indexes';
import * as createApiKeys from './20261203150000_create_api_keys';
import * as createWebhooks from './20261204160000_create_webhooks';
import * as createLeadForms from './20261204170000_create_lead_forms';
import * as createContactConsents from './20261204180000_create_contact_consents';
import * as createPrivacyRequests from './20261204190000_create_privacy_requests';
import * as createRetentionRules from './20261204200000_create_retention_rules';
import * as addWebhookActorFormName from './20261205100000_add_webhook_actor_form_name';
import * as storeCustomFieldOptionsAsArrays from './20261206100000_store_custom_field_options_as_arrays';

/** What a migration that moves data counts (rows created, linked...), for the log: see migrateLatest. */
export type MigrationReport = Record<string, number>;

interface Migration {
  up(knex: Knex): Promise<void | MigrationReport>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed explicitly (not read from disk) so the bundled server, the tests and
 * the worker image all run exactly the same set. Append new migrations at the end.
 */
export const MIGRATIONS: ReadonlyArray<[name: string, migration: Migration]> = [
  ['20261122100000_create_users_and_sessions', createUsersAndSessions],
  ['20261122100100_create_crm_tables', createCrmTables],
  ['20261122100200_seed_default_pipeline_and_templates', seedDefaultPipelineAndTemplates],
  ['20261122110000_add_crm_search_and_timeline', addCrmSearchAndTimeline],
  ['20261122120000_create_report_snapshots', createReportSnapshots],
  ['20261122121000_create_contact_imports', createContactImports],
  ['20261122122000_create_reminders_and_notifications', createRemindersAndNotifications],
  ['20261122130000_add_notification_subject_and_due', addNotificationSubjectAndDue],
  ['20261123100000_add_timeline_import', addTimelineImport],
  ['20261123100100_add_deal_position', addDealPosition],
  ['20261123110000_add_contact_source_index', addContactSourceIndex],
  ['20261123110100_add_contact_phone_key', addContactPhoneKey],
  ['20261123121500_add_contact_import_undo', addContactImportUndo],
  ['20261123130000_add_timeline_bulk', addTimelineBulk],
  ['20261123140000_create_contact_tag_counts', createContactTagCounts],
  ['20261123140100_add_stage_stale_days_and_lost_reasons', addStageStaleDaysAndLostReasons],
  ['20261123150000_add_activity_due_indexes', addActivityDueIndexes],
  ['20261123150100_add_notification_email_switches', addNotificationEmailSwitches],
  ['20261124100400_add_password_change_and_security_events', addPasswordChangeAndSecurityEvents],
  ['20261124100500_add_stage_and_lost_reason_settings', addStageAndLostReasonSettings],
  ['20261124100200_create_saved_reports', createSavedReports],
  ['20261124100600_add_search_indexes', addSearchIndexes],
  ['20261124100100_add_quick_report_indexes', addQuickReportIndexes],
  ['20261124100300_add_template_usage', addTemplateUsage],
  ['20261124120100_add_username_ascii_check', addUsernameAsciiCheck],
  ['20261124120700_inline_search_text', inlineSearchText],
  ['20261124120701_create_deal_stage_totals', createDealStageTotals],
  ['20261124120800_add_reminder_claim_index', addReminderClaimIndex],
  ['20261124130200_store_contact_search_text', storeContactSearchText],
  ['20261124150100_add_contact_import_done_rows', addContactImportDoneRows],
  ['20261124165000_store_import_file_in_slices', storeImportFileInSlices],
  ['20261124170500_bucket_contact_search_index', bucketContactSearchIndex],
  ['20261126235500_add_contact_import_owners', addContactImportOwners],
  ['20261127100000_add_deal_probability_manual', addDealProbabilityManual],
  ['20261127000100_store_contact_phone_e164', storeContactPhoneE164],
  ['20261127000200_add_contact_source_suggestions', addContactSourceSuggestions],
  ['20261127120000_create_crm_notes', createCrmNotes],
  ['20261127120100_create_crm_goals', createCrmGoals],
  ['20261127140000_create_deal_next_step_totals', createDealNextStepTotals],
  ['20261127150000_create_companies', createCompanies],
  ['20261128100000_link_contacts_to_companies', linkContactsToCompanies],
  ['20261128100100_create_deal_contacts', createDealContacts],
  ['20261128100200_create_duplicate_dismissals', createDuplicateDismissals],
  ['20261128110000_add_company_to_notes_and_activities', addCompanyToNotesAndActivities],
  ['20261128120000_own_migrated_companies', ownMigratedCompanies],
  ['20261128120100_add_company_import', addCompanyImport],
  ['20261128120200_add_timeline_company', addTimelineCompany],
  ['20261202100000_create_pipelines', createPipelines],
  ['20261202110000_add_report_snapshot_pipeline', addReportSnapshotPipeline],
  ['20261202120000_add_goal_pipeline', addGoalPipeline],
  ['20261202130000_create_custom_fields', createCustomFields],
  ['20261202140000_add_deal_and_company_custom_fields', addDealAndCompanyCustomFields],
  ['20261202150000_add_custom_field_filter_indexes', addCustomFieldFilterIndexes],
  ['20261202160000_add_custom_field_pinned', addCustomFieldPinned],
  ['20261203090000_add_contact_sort_indexes', addContactSortIndexes],
  ['20261203100000_add_custom_field_sort_indexes', addCustomFieldSortIndexes],
  ['20261203110000_add_company_sort_indexes', addCompanySortIndexes],
  ['20261203120000_add_deal_sort_indexes', addDealSortIndexes],
  ['20261203130000_create_saved_views', createSavedViews],
  ['20261203140000_add_activity_sort_indexes', addActivitySortIndexes],
  ['20261203150000_create_api_keys', createApiKeys],
  ['20261204160000_create_webhooks', createWebhooks],
  ['20261204170000_create_lead_forms', createLeadForms],
  ['20261204180000_create_contact_consents', createContactConsents],
  ['20261204190000_create_privacy_requests', createPrivacyRequests],
  ['20261204200000_create_retention_rules', createRetentionRules],
  ['20261205100000_add_webhook_actor_form_name', addWebhookActorFormName],
  ['20261206100000_store_custom_field_options_as_arrays', storeCustomFieldOptionsAsArrays],
];
