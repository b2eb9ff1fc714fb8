import { useSyncExternalStore } from 'react';

export const THEMES = ['light', 'dark', 'matrix'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';

// index.html's boot script applies the stored theme before first paint; this reads what it applied.
function currentTheme(): Theme {
  const theme = document.documentElement.dataset.theme;
  return theme === 'dark' || theme === 'matrix' ? theme : 'light';
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.classList.toggle('dark', theme !== 'light');
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // No storage: the theme lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useTheme = (): Theme => useSyncExternalStore(subscribe, currentTheme);
