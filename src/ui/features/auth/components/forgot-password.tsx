import { lazyPopup } from '../../../components/ui/lazy-popup';
import { ForgotPasswordButton } from './forgot-password-button';

/** There is no self-service reset: an administrator sets a new password (told in a popover). */
export const ForgotPassword = lazyPopup(
  () => import('./forgot-password-popover').then((module) => module.ForgotPasswordPopover),
  (handlers) => <ForgotPasswordButton aria-haspopup="dialog" {...handlers} />,
);
