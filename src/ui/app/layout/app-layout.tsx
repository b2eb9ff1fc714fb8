import { Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../../components/ui/spinner';
import { TooltipProvider } from '../../components/ui/tooltip';
import type { User } from '../../lib/session';
import { BrandMark } from '../../components/ui/brand-mark';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchPalette } from '../../features/search/components/search-palette';
import { MobileNav } from './mobile-nav';
import { LanguageToggle, ThemeSwitcher } from '../../components/ui/preference-controls';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

/** Signed-in frame: top bar, sidebar and a scrolling main area (the only screens with tooltips). */
export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  return (
    <TooltipProvider>
      {/*
        The frame never scrolls (main does), and nothing in it may make the document taller or wider than the
        window: positioned, it clips even absolutely placed elements (the sr-only texts of a long agenda or list
        reached below the window and let the page scroll away, header and sidebar with it).
      */}
      <div className="relative flex h-full flex-col overflow-hidden">
        <header className="flex h-16 shrink-0 items-center gap-1 border-b border-border bg-surface px-3 sm:gap-2 sm:px-5">
          <MobileNav role={user.role} />
          {/* On phones the mark alone (the title still read aloud): the top bar needs the room for the search button. */}
          <span className="max-sm:[&>span]:gap-0 max-sm:[&>span]:text-[0px]">
            <BrandMark />
          </span>
          <div className="ml-auto flex items-center gap-1">
            <SearchPalette user={user} />
            <LanguageToggle />
            <ThemeSwitcher />
            <NotificationBell />
            <UserMenu user={user} />
          </div>
        </header>
        <div className="flex min-h-0 flex-1">
          <Sidebar role={user.role} />
          <main id="main" className="min-w-0 flex-1 overflow-y-auto">
            <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
              <Suspense fallback={<PageSpinner />}>{children}</Suspense>
            </div>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
