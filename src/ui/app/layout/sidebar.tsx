import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { canOpen } from '../../lib/access';
import { cn } from '../../lib/cn';
import type { Role } from '../../lib/session';
import { isActivePath, NAV_ITEMS } from '../navigation';

/** The navigation list; only the screens the role may open. Used in the desktop sidebar and the mobile drawer. */
export function SidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-1">
        {NAV_ITEMS.filter((item) => canOpen(role, item.path)).map(({ path, labelKey, icon: Icon }) => {
          const active = isActivePath(path, pathname);
          return (
            <li key={path}>
              <Link
                to={path}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-ring',
                  active
                    ? 'bg-primary text-primary-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{t(labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Sidebar({ role }: { role: Role }) {
  return (
    <aside className="hidden w-60 shrink-0 flex-col border-r border-border bg-surface md:flex">
      <SidebarNav role={role} />
    </aside>
  );
}
