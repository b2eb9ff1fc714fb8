import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/** The "forgot password" link-styled button: the popover's trigger, drawn alone until its code arrives. */
export function ForgotPasswordButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-ring"
      {...props}
    >
      {t('auth.forgotPassword')}
    </button>
  );
}
