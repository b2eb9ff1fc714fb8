import { BarChart3 } from 'lucide-react';
import { EmptyScreen } from '../../../components/ui/empty-screen';

export const ReportsPage = () => <EmptyScreen namespace="reports" icon={BarChart3} />;
