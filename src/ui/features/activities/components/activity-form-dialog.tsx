import { useMemo, useState } from 'react';
import { canChangeActivity } from '../activity-access';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ContactLookupField } from '../../../components/records/contact-lookup-field';
import { OwnerField } from '../../../components/records/owner-field';
import { RecordForm, RecordFormDialog } from '../../../components/records/record-form-dialog';
import { Button } from '../../../components/ui/button';
import { FormField, useSchemaForm } from '../../../components/ui/form';
import { Input, NumberInput } from '../../../components/ui/input';
import type { LookupOption } from '../../../components/ui/lookup-select';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import type { User } from '../../../lib/session';
import {
  activitySchema,
  DEFAULT_REMINDER,
  REMINDER_CHOICES,
  toLocalInput,
  type ReminderChoice,
} from '../activity-schema';
import { useCreateActivity } from '../api/create-activity';
import { ACTIVITY_PRIORITIES, ACTIVITY_TYPES, type Activity } from '../api/get-activities';
import { useDealChoices } from '../../../lib/api/search-deals';
import { useUpdateActivity } from '../api/update-activity';

interface ActivityFormDialogProps {
  /** null: create mode (SPEC: nothing selected); an activity: edit mode. */
  activity: Activity | null;
  me: User;
  /** A new activity's contact, fixed (the contact's page); without it the form offers a contact search. */
  contact?: LookupOption;
  /** A new activity's deal, chosen already (the home's "plan next step"). */
  deal?: { id: number; title: string };
  /** A new activity with a company itself (the company's page): shown read-only. */
  company?: LookupOption;
  onClose: () => void;
  /** Offers "Complete" for a pending activity (the agenda opens activities here): the caller asks for its outcome. */
  onComplete?: (activity: Activity) => void;
}

const valuesOf = (
  activity: Activity | null,
  me: User,
  contact: LookupOption | undefined,
  deal: { id: number } | undefined,
  company: LookupOption | undefined,
) => ({
  type: activity?.type ?? ('task' as const),
  subject: activity?.subject ?? '',
  description: activity?.description ?? '',
  dueDate: toLocalInput(activity?.dueDate),
  duration: activity?.duration ?? null,
  priority: activity?.priority ?? ('normal' as const),
  contactId: activity ? activity.contactId : (contact?.id ?? null),
  dealId: activity ? activity.dealId : (deal?.id ?? null),
  companyId: activity ? activity.companyId : (company?.id ?? null),
  assignedTo: activity ? activity.assignedTo : me.id,
  reminderMinutes: activity ? activity.reminderMinutes : DEFAULT_REMINDER,
  updatedAt: activity?.updatedAt,
});

const reminderKey = (choice: ReminderChoice) => (choice === null ? 'none' : String(choice));

/** Create and edit an activity (SPEC 3 fields and the reminder lead time); the dialog closes on success. */
export function ActivityFormDialog({
  activity,
  me,
  contact,
  deal,
  company,
  onClose,
  onComplete,
}: ActivityFormDialogProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => activitySchema(t), [t]);
  const form = useSchemaForm(schema, valuesOf(activity, me, contact, deal, company));
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const isAdmin = me.role === 'admin';
  const editable = activity === null || canChangeActivity(me, activity);
  const pending = create.isPending || update.isPending;
  const initialContact =
    contact ??
    (activity?.contactId ? { id: activity.contactId, label: activity.contactName ?? `#${activity.contactId}` } : null);
  // The deals offered are the chosen contact's.
  const [dealsContactId, setDealsContactId] = useState(initialContact?.id ?? null);
  const deals = useDealChoices(dealsContactId);
  const companyName = activity
    ? activity.companyId && (activity.companyName ?? `#${activity.companyId}`)
    : company?.label;
  const assigneeName = activity ? (activity.assignedToName ?? t('activityForm.nobody')) : me.name;
  const dealId = form.watch('dealId');
  const dealOptions = [
    ...(activity?.dealId && !deals.data?.items.some((deal) => deal.id === activity.dealId)
      ? [{ id: activity.dealId, title: activity.dealTitle ?? `#${activity.dealId}` }]
      : []),
    ...(!activity && deal && !deals.data?.items.some((choice) => choice.id === deal.id) ? [deal] : []),
    ...(deals.data?.items ?? []),
  ];

  return (
    <RecordFormDialog
      title={activity ? t('activityForm.editTitle') : t('activityForm.createTitle')}
      description={editable ? t('activityForm.description') : t('activityForm.readOnly')}
      className="sm:max-w-2xl"
      onClose={onClose}
    >
      <RecordForm
        form={form}
        id="activity"
        record={activity}
        editable={editable}
        personField="assignedTo"
        isAdmin={isAdmin}
        create={(body) => create.mutateAsync(body)}
        update={(id, body) => update.mutateAsync({ id, body })}
        pending={pending}
        texts={{
          create: t('activityForm.create'),
          created: t('activityForm.created'),
          updated: t('activityForm.updated'),
          saveFailed: t('activityForm.saveFailed'),
        }}
        onClose={onClose}
        footerStart={
          activity?.status === 'pending' && editable && onComplete ? (
            // Unsaved changes would be lost: save them first.
            <Button variant="outline" disabled={form.formState.isDirty} onClick={() => onComplete(activity)}>
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {t('activities.completeShort')}
            </Button>
          ) : undefined
        }
      >
        <FormField
          control={form.control}
          name="type"
          label={t('activityForm.fields.type')}
          render={(field) => (
            <Select
              id={field.id}
              value={field.value}
              onValueChange={field.onChange}
              disabled={!editable}
              options={ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activityForm.types.${type}`) }))}
            />
          )}
        />
        <FormField
          control={form.control}
          name="priority"
          label={t('activityForm.fields.priority')}
          render={(field) => (
            <Select
              id={field.id}
              value={field.value}
              onValueChange={field.onChange}
              disabled={!editable}
              options={ACTIVITY_PRIORITIES.map((priority) => ({
                value: priority,
                label: t(`activityForm.priorities.${priority}`),
              }))}
            />
          )}
        />
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="subject"
            label={t('activityForm.fields.subject')}
            render={(field) => <Input {...field} autoComplete="off" />}
          />
        </div>
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="description"
            label={t('activityForm.fields.description')}
            render={(field) => <Textarea {...field} value={field.value ?? ''} rows={3} />}
          />
        </div>
        <FormField
          control={form.control}
          name="dueDate"
          label={t('activityForm.fields.dueDate')}
          render={(field) => <Input {...field} type="datetime-local" min="1900-01-01T00:00" max="9999-12-31T23:59" />}
        />
        <FormField
          control={form.control}
          name="duration"
          label={t('activityForm.fields.duration')}
          description={t('activityForm.durationHint')}
          render={(field) => <NumberInput {...field} min={1} value={field.value} onValueChange={field.onChange} />}
        />
        <FormField
          control={form.control}
          name="reminderMinutes"
          label={t('activityForm.fields.reminder')}
          description={t('activityForm.reminderHint')}
          render={(field) => (
            <Select
              id={field.id}
              value={reminderKey(field.value)}
              onValueChange={(value) => field.onChange(value === 'none' ? null : Number(value))}
              disabled={!editable}
              options={REMINDER_CHOICES.map((choice) => ({
                value: reminderKey(choice),
                label: t(`activityForm.reminders.${reminderKey(choice)}`),
              }))}
            />
          )}
        />
        <div>
          <OwnerField
            control={form.control}
            name="assignedTo"
            label={t('activityForm.fields.assignee')}
            canChoose={isAdmin}
            formId="activity"
            currentName={assigneeName}
            noneLabel={t('activityForm.nobody')}
            readOnlyHint={t('activityForm.assigneeHint')}
          />
        </div>
        {companyName && (
          <div className="grid gap-1.5 sm:col-span-2">
            <label htmlFor="activity-company-fixed" className="text-sm font-medium text-foreground">
              {t('activityForm.fields.company')}
            </label>
            <Input id="activity-company-fixed" value={companyName} readOnly disabled />
          </div>
        )}
        <div className="sm:col-span-2">
          <ContactLookupField
            control={form.control}
            name="contactId"
            formId="activity"
            label={t('activityForm.fields.contact')}
            searchLabel={t('activityForm.searchContact')}
            noneLabel={t('activityForm.noContact')}
            fixed={activity === null ? contact : undefined}
            initial={initialContact}
            disabled={!editable}
            onChosen={(option) => {
              setDealsContactId(option?.id ?? null);
              form.setValue('dealId', null);
            }}
          />
        </div>
        <div className="sm:col-span-2">
          <FormField
            control={form.control}
            name="dealId"
            label={t('activityForm.fields.deal')}
            render={(field) => (
              <Select
                id={field.id}
                value={dealId === null ? 'none' : String(dealId)}
                onValueChange={(value) => field.onChange(value === 'none' ? null : Number(value))}
                disabled={!editable}
                options={[
                  { value: 'none', label: t('activityForm.noDeal') },
                  ...dealOptions.map((deal) => ({ value: String(deal.id), label: deal.title })),
                ]}
              />
            )}
          />
        </div>
      </RecordForm>
    </RecordFormDialog>
  );
}
