import { FileText } from 'lucide-react';
import { EmptyScreen } from '../../../components/ui/empty-screen';

export const TemplatesPage = () => <EmptyScreen namespace="templates" icon={FileText} />;
