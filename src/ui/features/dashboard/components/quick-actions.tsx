import { BarChart3, CalendarCheck, KanbanSquare, ShieldCheck, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { canOpen, type AppPath } from '../../../lib/access';
import type { Role } from '../../../lib/session';

interface Action {
  key: string;
  path: AppPath;
  icon: LucideIcon;
}

// Each action opens a real screen; the list keeps the first four the role may open.
const ACTIONS: Action[] = [
  { key: 'users', path: '/settings', icon: UserPlus },
  { key: 'contacts', path: '/crm/contacts', icon: Users },
  { key: 'reports', path: '/crm/reports', icon: BarChart3 },
  { key: 'pipeline', path: '/crm/pipeline', icon: KanbanSquare },
  { key: 'activities', path: '/crm/activities', icon: CalendarCheck },
  { key: 'security', path: '/profile', icon: ShieldCheck },
];

export function QuickActions({ role }: { role: Role }) {
  const { t } = useTranslation();
  const actions = ACTIONS.filter((action) => canOpen(role, action.path)).slice(0, 4);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.quick.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3">
        {actions.map(({ key, path, icon: Icon }) => (
          <Link
            key={key}
            to={path}
            className="flex min-h-20 flex-col items-center justify-center gap-2 rounded-md border border-border px-2 py-3 text-center text-sm font-medium text-foreground transition-colors hover:border-primary hover:bg-muted focus-ring"
          >
            <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
            {t(`dashboard.quick.${key}`)}
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
