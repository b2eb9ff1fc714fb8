import { useTranslation } from 'react-i18next';
import type { CellEditor } from '../../../components/records/editable-cell';
import { openingColumn, useCellSave } from '../../../components/records/record-table';
import type { TableColumn } from '../../../components/records/virtual-table';
import { formatDateTime } from '../../../lib/format';
import type { User } from '../../../lib/session';
import { ACTIVITY_LISTS_QUERY_KEY, ACTIVITY_PRIORITIES, ACTIVITY_TYPES, type Activity } from '../api/get-activities';
import { useUpdateActivity } from '../api/update-activity';
import { canChangeActivity } from '../activity-access';

/** The activities' table always shows the subject, which opens the activity. */
export const ACTIVITY_FIXED_COLUMN = 'subject';

/**
 * Every column of the activities' table, in its own order: subject (opens the activity), type, priority, due,
 * completed, person, deal, company, assignee, last change. Type and priority change in place (a choice among theirs),
 * for whoever may change the activity, saved as the dialog saves (a 409 reloads the list).
 */
export function useActivityColumns(
  me: Pick<User, 'id' | 'role'>,
  onOpen: (activity: Activity) => void,
): TableColumn<Activity>[] {
  const { t } = useTranslation();
  const update = useUpdateActivity();
  const send = useCellSave<Activity>(update.mutateAsync, ACTIVITY_LISTS_QUERY_KEY, t('activities.table.conflict'));
  const choice = (field: 'type' | 'priority', options: { value: string; label: string }[]): CellEditor<Activity> => ({
    label: (activity) =>
      t('activities.table.editLabel', { field: t(`activityForm.fields.${field}`), subject: activity.subject }),
    initial: (activity) => activity[field],
    editable: (activity) => canChangeActivity(me, activity),
    options,
    save: (activity, value) => send(activity, { [field]: value }, field),
  });
  const text = (value: string | null) => value ?? '';
  return [
    openingColumn('subject', t('activityForm.fields.subject'), (activity) => activity.subject, onOpen),
    {
      key: 'type',
      header: t('activityForm.fields.type'),
      width: '8rem',
      sortKey: 'type',
      edit: choice(
        'type',
        ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activityForm.types.${type}`) })),
      ),
      render: (activity) => t(`activityForm.types.${activity.type}`),
    },
    {
      key: 'priority',
      header: t('activityForm.fields.priority'),
      width: '8rem',
      sortKey: 'priority',
      edit: choice(
        'priority',
        ACTIVITY_PRIORITIES.map((priority) => ({ value: priority, label: t(`activityForm.priorities.${priority}`) })),
      ),
      render: (activity) => t(`activityForm.priorities.${activity.priority}`),
    },
    {
      key: 'dueDate',
      header: t('activities.table.due'),
      width: '10rem',
      sortKey: 'dueDate',
      render: (activity) => formatDateTime(activity.dueDate),
    },
    {
      key: 'completedAt',
      header: t('activities.table.completed'),
      width: '10rem',
      sortKey: 'completedAt',
      render: (activity) => formatDateTime(activity.completedAt),
    },
    {
      key: 'contactName',
      header: t('activityForm.fields.contact'),
      width: '10rem',
      render: (a) => text(a.contactName),
    },
    { key: 'dealTitle', header: t('activityForm.fields.deal'), width: '10rem', render: (a) => text(a.dealTitle) },
    {
      key: 'companyName',
      header: t('activityForm.fields.company'),
      width: '10rem',
      render: (a) => text(a.companyName),
    },
    {
      key: 'assignedToName',
      header: t('activityForm.fields.assignee'),
      width: '10rem',
      render: (a) => text(a.assignedToName),
    },
    {
      key: 'updatedAt',
      header: t('activities.table.updatedAt'),
      width: '10rem',
      sortKey: 'updatedAt',
      render: (activity) => formatDateTime(activity.updatedAt),
    },
  ];
}
