import { LogOut, Settings, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { toast } from '../../components/ui/use-toast';
import { canOpen } from '../../lib/access';
import { errorMessage } from '../../lib/errors';
import { useLogout, type User } from '../../lib/session';

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout({
    onError: (error) =>
      toast({ variant: 'destructive', title: t('auth.logoutFailed'), description: errorMessage(error, t) }),
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="compact">
          <span className="sr-only">{t('userMenu.label')}</span>
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
            {user.initials}
          </span>
          <span className="sr-only max-w-40 truncate text-sm font-medium lg:not-sr-only">{user.name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{user.name}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {user.username} · {t(`roles.${user.role}`)}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserRound className="h-4 w-4" aria-hidden="true" />
          {t('userMenu.profile')}
        </DropdownMenuItem>
        {canOpen(user.role, '/settings') && (
          <DropdownMenuItem onSelect={() => navigate('/settings')}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            {t('userMenu.settings')}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          {logout.isPending ? t('userMenu.loggingOut') : t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
