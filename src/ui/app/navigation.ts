import {
  BarChart3,
  BookOpen,
  Building2,
  CalendarCheck,
  FileText,
  House,
  KanbanSquare,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AppPath } from '../lib/access';

export interface NavItem {
  path: AppPath;
  labelKey: string;
  icon: LucideIcon;
}

/** The sidebar, in the order of the SPEC §2 route table. */
export const NAV_ITEMS: NavItem[] = [
  { path: '/', labelKey: 'nav.home', icon: House },
  { path: '/crm/contacts', labelKey: 'nav.contacts', icon: Users },
  { path: '/crm/companies', labelKey: 'nav.companies', icon: Building2 },
  { path: '/crm/pipeline', labelKey: 'nav.pipeline', icon: KanbanSquare },
  { path: '/crm/activities', labelKey: 'nav.activities', icon: CalendarCheck },
  { path: '/crm/reports', labelKey: 'nav.reports', icon: BarChart3 },
  { path: '/crm/templates', labelKey: 'nav.templates', icon: FileText },
  { path: '/settings', labelKey: 'nav.settings', icon: Settings },
  { path: '/api-docs', labelKey: 'nav.apiDocs', icon: BookOpen },
];

/** Active by path prefix; the dashboard ("/") only on itself, or it would match everything. */
export const isActivePath = (itemPath: string, pathname: string): boolean =>
  itemPath === '/' ? pathname === '/' : pathname === itemPath || pathname.startsWith(`${itemPath}/`);
