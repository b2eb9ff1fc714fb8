import { Languages, Moon, Sun, Terminal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { toggleLanguage } from '../../lib/i18n';
import { setTheme, THEMES, useTheme, type Theme } from '../../lib/theme';

const THEME_ICONS = { light: Sun, dark: Moon, matrix: Terminal } as const;

/** Switches pt <-> en; shows the language it switches to. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'pt' : 'en';
  return (
    <Button variant="ghost" size="compact" onClick={toggleLanguage} className={className}>
      {/* Below sm the code alone says it: the top bar needs the room. */}
      <Languages className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      <span className="font-semibold">{next.toUpperCase()}</span>
      {/* The visible code stays part of the accessible name (WCAG 2.5.3). */}
      <span className="sr-only"> ({t('language.switchTo', { language: t(`language.${next}`) })})</span>
    </Button>
  );
}

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const theme = useTheme();
  const Icon = THEME_ICONS[theme];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('theme.label', { theme: t(`theme.${theme}`) })}>
          <Icon className="h-5 w-5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="text-muted-foreground">{t('theme.title')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {THEMES.map((name) => {
            const ItemIcon = THEME_ICONS[name];
            return (
              <DropdownMenuRadioItem key={name} value={name}>
                <ItemIcon className="h-4 w-4" aria-hidden="true" />
                {t(`theme.${name}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
