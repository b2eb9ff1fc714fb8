import { Users } from 'lucide-react';
import { EmptyScreen } from '../../../components/ui/empty-screen';

export const ContactsPage = () => <EmptyScreen namespace="contacts" icon={Users} />;
