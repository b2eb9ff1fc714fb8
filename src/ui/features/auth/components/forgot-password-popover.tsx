import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordButton } from './forgot-password-button';

/** The popover behind ForgotPassword's link (its own chunk). */
export function ForgotPasswordPopover({ defaultOpen }: { defaultOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <ForgotPasswordButton />
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
