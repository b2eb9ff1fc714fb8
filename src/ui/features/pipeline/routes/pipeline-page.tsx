import { KanbanSquare } from 'lucide-react';
import { EmptyScreen } from '../../../components/ui/empty-screen';

export const PipelinePage = () => <EmptyScreen namespace="pipeline" icon={KanbanSquare} />;
