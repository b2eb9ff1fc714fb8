import { CheckCircle2, Mail, MessageSquareText, Phone, Users, type LucideIcon } from 'lucide-react';
import type { ApiResponse } from '../../lib/api-client';

type ActivityType = ApiResponse<'/api/crm/activities', 'get'>['items'][number]['type'];

/** Each activity type's icon, wherever an activity is listed (the activities screen, a contact's page, the home). */
export const ACTIVITY_TYPE_ICONS: Record<ActivityType, LucideIcon> = {
  task: CheckCircle2,
  call: Phone,
  email: Mail,
  meeting: Users,
  note: MessageSquareText,
};
