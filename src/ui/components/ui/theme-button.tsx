import { Moon, Sun, Terminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './button';
import { useTheme } from '../../lib/theme';

export const THEME_ICONS = { light: Sun, dark: Moon, matrix: Terminal } as const;

/** The theme button: ThemeSwitcher's trigger, drawn alone until the menu's code arrives. */
export function ThemeButton(props: ButtonProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const Icon = THEME_ICONS[theme];
  return (
    <Button variant="ghost" size="icon" aria-label={t('theme.label', { theme: t(`theme.${theme}`) })} {...props}>
      <Icon className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}
