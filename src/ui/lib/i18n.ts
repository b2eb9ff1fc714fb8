import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';
const HTML_LANG: Record<Language, string> = { pt: 'pt-BR', en: 'en' };

// Each language's texts are their own chunk: the first screen loads the active one only (before its first
// render, so no key shows untranslated), the other one once the page is idle, or when the user switches.
const LOCALES: Record<Language, () => Promise<{ default: object }>> = {
  pt: () => import('../locales/pt.json'),
  en: () => import('../locales/en.json'),
};
const loading = new Map<Language, Promise<void>>();

/** Loads a language's texts into i18next (once; later calls share the first load). */
export function loadLanguage(language: Language): Promise<void> {
  let load = loading.get(language);
  if (!load) {
    load = LOCALES[language]().then((module) => {
      i18n.addResourceBundle(language, 'translation', module.default);
    });
    // A failed load (network) may be tried again by the next call.
    load.catch(() => loading.delete(language));
    loading.set(language, load);
  }
  return load;
}

export function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'pt';
  } catch {
    return 'pt';
  }
}

const otherLanguage = (language: string): Language => (language === 'en' ? 'pt' : 'en');

void i18n.use(initReactI18next).init({
  resources: {},
  // Bundles arrive through loadLanguage: i18next must not treat an empty resource set as final.
  partialBundledLanguages: true,
  lng: storedLanguage(),
  fallbackLng: 'pt',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  const language: Language = lng === 'en' ? 'en' : 'pt';
  document.documentElement.lang = HTML_LANG[language];
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
});

/**
 * The texts the first render needs: the active language's (both locales hold the same keys, so the fallback
 * is never read). The other language follows once the page is idle, so a switch is instant.
 */
export async function loadInitialLanguages(): Promise<void> {
  const active: Language = i18n.language === 'en' ? 'en' : 'pt';
  await loadLanguage(active);
  const preload = () => void loadLanguage(otherLanguage(active)).catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(preload, { timeout: 3000 });
  else setTimeout(preload, 1000);
}

export function toggleLanguage(): void {
  const next = otherLanguage(i18n.language);
  // Offline before the other language arrived: the page stays in the current one.
  loadLanguage(next).then(() => i18n.changeLanguage(next), () => undefined);
}

export { i18n };
