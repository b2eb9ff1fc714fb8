// Parts of a locale file, made by the locale-parts plugin in vite.config.ts.
declare module 'texts:*' {
  const texts: Record<string, unknown>;
  export default texts;
}
