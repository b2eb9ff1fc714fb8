import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { whenIdle } from './idle';

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';
const HTML_LANG: Record<Language, string> = { pt: 'pt-BR', en: 'en' };

// Each language's texts come in two chunks (made by vite.config.ts from src/ui/locales/<language>.json): the
// first screen's sections (sign-in, its errors, the status screens) and the rest. The first render waits for
// the active language's first part only; the signed-in screens wait for the rest (whenAllTexts), fetched at
// once on a signed-in screen's address, else once the page is idle. The other language is fetched once a
// screen is shown (preloadOtherLanguage), so a switch is instant and it never delays the first screen.
type Part = 'first' | 'rest';
const TEXTS: Record<Language, Record<Part, () => Promise<{ default: object }>>> = {
  pt: { first: () => import('texts:pt/first'), rest: () => import('texts:pt/rest') },
  en: { first: () => import('texts:en/first'), rest: () => import('texts:en/rest') },
};
const loading = new Map<string, Promise<void>>();

function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}/${part}`;
  let load = loading.get(key);
  if (!load) {
    load = TEXTS[language][part]().then((module) => {
      i18n.addResourceBundle(language, 'translation', module.default, true);
    });
    // A failed load (network) may be tried again by the next call.
    load.catch(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

/** Loads all of a language's texts into i18next (once; later calls share the first load). */
export function loadLanguage(language: Language): Promise<void> {
  return Promise.all([loadPart(language, 'first'), loadPart(language, 'rest')]).then(() => undefined);
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

const activeLanguage = (): Language => (i18n.language === 'en' ? 'en' : 'pt');

/**
 * The texts the first render needs: the first screen's part of the active language (both locales hold the
 * same keys, src/ui/lib/__tests__/locales.test.ts, so the fallback language is never read nor waited for).
 * The rest follows once the page is idle, unless a signed-in screen asked for it earlier (whenAllTexts).
 */
export async function loadInitialLanguages(): Promise<void> {
  const active = activeLanguage();
  await loadPart(active, 'first');
  whenIdle(() => void loadLanguage(active).catch(() => undefined));
}

/**
 * The other language, so that a switch is instant: for a screen to call once it is shown (fetched when the
 * page is next idle, after the active language's texts). Until then a switch waits for it (toggleLanguage).
 */
export function preloadOtherLanguage(): () => void {
  return whenIdle(
    () =>
      void whenAllTexts()
        .then(() => loadLanguage(otherLanguage(i18n.language)))
        .catch(() => undefined),
  );
}

/** All the active language's texts: what a signed-in screen waits for before its first render. */
export function whenAllTexts(): Promise<void> {
  return loadLanguage(activeLanguage());
}

export function toggleLanguage(): void {
  const next = otherLanguage(i18n.language);
  // Offline before the other language arrived: the page stays in the current one.
  loadLanguage(next).then(
    () => i18n.changeLanguage(next),
    () => undefined,
  );
}

export { i18n };
