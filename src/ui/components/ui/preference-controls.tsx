import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { lazyPopup } from './lazy-popup';
import { ThemeButton } from './theme-button';
import { toggleLanguage } from '../../lib/i18n';

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

/** Light, dark or matrix, from a menu; the menu's code is not part of the first paint. */
export const ThemeSwitcher = lazyPopup(
  () => import('./theme-menu').then((module) => module.ThemeMenu),
  (handlers) => <ThemeButton aria-haspopup="menu" {...handlers} />,
);
