import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';

/** There is no self-service reset: an administrator sets a new password. */
export function ForgotPassword() {
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-ring">
        {t('auth.forgotPassword')}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-xs rounded-md border border-border bg-surface p-3 text-sm text-foreground shadow-lg"
        >
          {t('auth.forgotPasswordHelp')}
          <Popover.Arrow className="fill-border" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
