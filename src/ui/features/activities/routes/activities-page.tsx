import { CalendarCheck } from 'lucide-react';
import { EmptyScreen } from '../../../components/ui/empty-screen';

export const ActivitiesPage = () => <EmptyScreen namespace="activities" icon={CalendarCheck} />;
