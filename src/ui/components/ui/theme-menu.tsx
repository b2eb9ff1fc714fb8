import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { ThemeButton, THEME_ICONS } from './theme-button';
import { setTheme, THEMES, useTheme, type Theme } from '../../lib/theme';

/** The theme menu behind ThemeSwitcher's button (its own chunk). */
export function ThemeMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeButton />
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
