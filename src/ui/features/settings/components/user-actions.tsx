import { KeyRound, LogOut, MoreHorizontal, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { ROLES, type Role } from '../../../lib/session';
import { useEndUserSessions } from '../api/end-user-sessions';
import type { AdminUser } from '../api/get-users';
import { useResetPassword } from '../api/reset-password';
import { useUpdateUser } from '../api/update-user';
import { TemporaryPasswordDialog } from './temporary-password-dialog';

type Pending =
  { kind: 'role'; role: Role } | { kind: 'disable' } | { kind: 'enable' } | { kind: 'reset' } | { kind: 'endSessions' };

/**
 * A row's actions menu: role, disable or enable, reset the password, end the sessions. Each asks first;
 * the server has the last word (the last active administrator, a user changed meanwhile) and its refusal
 * shows as a toast.
 */
export function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [revealed, setRevealed] = useState<{ password: string; endedSessions: number } | null>(null);
  const update = useUpdateUser();
  const reset = useResetPassword();
  const endSessions = useEndUserSessions();
  const busy = update.isPending || reset.isPending || endSessions.isPending;

  const run = async (action: Pending) => {
    try {
      switch (action.kind) {
        case 'role':
          await update.mutateAsync({ id: user.id, role: action.role });
          toast({ title: t('userAdmin.roleChanged', { name: user.name, role: t(`roles.${action.role}`) }) });
          break;
        case 'disable':
        case 'enable':
          await update.mutateAsync({ id: user.id, disabled: action.kind === 'disable' });
          toast({
            title: t(action.kind === 'disable' ? 'userAdmin.disabled' : 'userAdmin.enabled', { name: user.name }),
          });
          break;
        case 'reset': {
          const result = await reset.mutateAsync(user.id);
          setRevealed({ password: result.temporaryPassword, endedSessions: result.endedSessions });
          break;
        }
        case 'endSessions': {
          const { endedSessions } = await endSessions.mutateAsync(user.id);
          toast({ title: t('userAdmin.sessionsEnded', { name: user.name, count: endedSessions }) });
          break;
        }
      }
    } catch (error) {
      toast({ variant: 'destructive', title: t('userAdmin.actionFailed'), description: errorMessage(error, t) });
    } finally {
      setPending(null);
    }
  };

  const confirmation = pending && confirmationText(pending, user, t);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="iconSm"
            aria-label={t('userAdmin.actionsFor', { name: user.name })}
            data-testid={`user-actions-${user.username}`}
          >
            <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="text-xs text-muted-foreground">{t('userAdmin.role')}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={user.role}
            onValueChange={(role) => role !== user.role && setPending({ kind: 'role', role: role as Role })}
          >
            {ROLES.map((role) => (
              <DropdownMenuRadioItem key={role} value={role}>
                {t(`roles.${role}`)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          {user.disabled ? (
            <DropdownMenuItem onSelect={() => setPending({ kind: 'enable' })}>
              <UserCheck className="h-4 w-4" aria-hidden="true" />
              {t('userAdmin.enable')}
            </DropdownMenuItem>
          ) : (
            // Yourself: from your profile, not here (it would sign you out at once).
            <DropdownMenuItem disabled={isSelf} onSelect={() => setPending({ kind: 'disable' })}>
              <UserX className="h-4 w-4" aria-hidden="true" />
              {t('userAdmin.disable')}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem disabled={isSelf} onSelect={() => setPending({ kind: 'reset' })}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            {t('userAdmin.resetPassword')}
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={isSelf || user.openSessions === 0}
            onSelect={() => setPending({ kind: 'endSessions' })}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {t('userAdmin.endSessions')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      {pending && confirmation && (
        <ConfirmDialog
          title={confirmation.title}
          description={confirmation.description}
          confirmLabel={confirmation.confirm}
          destructive={confirmation.destructive}
          pending={busy}
          onConfirm={() => void run(pending)}
          onClose={() => setPending(null)}
        />
      )}

      {revealed && (
        <TemporaryPasswordDialog
          name={user.name}
          password={revealed.password}
          note={t('userAdmin.resetNote', { count: revealed.endedSessions })}
          onClose={() => setRevealed(null)}
        />
      )}
    </>
  );
}

function confirmationText(
  pending: Pending,
  user: AdminUser,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const name = user.name;
  switch (pending.kind) {
    case 'role':
      return {
        title: t('userAdmin.confirm.roleTitle', { name }),
        description: t('userAdmin.confirm.roleDescription', {
          name,
          from: t(`roles.${user.role}`),
          to: t(`roles.${pending.role}`),
        }),
        confirm: t('userAdmin.confirm.roleConfirm'),
        destructive: false,
      };
    case 'disable':
      return {
        title: t('userAdmin.confirm.disableTitle', { name }),
        description: t('userAdmin.confirm.disableDescription'),
        confirm: t('userAdmin.disable'),
        destructive: true,
      };
    case 'enable':
      return {
        title: t('userAdmin.confirm.enableTitle', { name }),
        description: t('userAdmin.confirm.enableDescription'),
        confirm: t('userAdmin.enable'),
        destructive: false,
      };
    case 'reset':
      return {
        title: t('userAdmin.confirm.resetTitle', { name }),
        description: t('userAdmin.confirm.resetDescription'),
        confirm: t('userAdmin.resetPassword'),
        destructive: true,
      };
    case 'endSessions':
      return {
        title: t('userAdmin.confirm.endSessionsTitle', { name }),
        description: t('userAdmin.confirm.endSessionsDescription', { count: user.openSessions }),
        confirm: t('userAdmin.endSessions'),
        destructive: true,
      };
  }
}
