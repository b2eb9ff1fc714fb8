/**
 * Stage colours mark a board column's top edge and the stage's dot: graphics, so WCAG asks 3:1 against
 * what they sit on. The presets keep 3:1 on the surfaces of all three themes (styles.css); any other
 * colour is allowed, with a warning naming the themes where it fades.
 */
export const STAGE_COLOR_PRESETS = [
  '#3B82F6',
  '#6366F1',
  '#9333EA',
  '#DB2777',
  '#DC2626',
  '#EA580C',
  '#D97706',
  '#65A30D',
  '#16A34A',
  '#0D9488',
  '#0891B2',
  '#64748B',
] as const;

/** The card surfaces of styles.css, by theme. */
export const THEME_SURFACES = { light: '#ffffff', dark: '#121a2b', matrix: '#040d06' } as const;
export type ThemeName = keyof typeof THEME_SURFACES;

export const MIN_GRAPHIC_CONTRAST = 3;

export const isHexColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The themes on whose surface the colour falls below 3:1. */
export function themesWithLowContrast(color: string): ThemeName[] {
  if (!isHexColor(color)) return [];
  return (Object.entries(THEME_SURFACES) as [ThemeName, string][])
    .filter(([, surface]) => contrastRatio(color, surface) < MIN_GRAPHIC_CONTRAST)
    .map(([theme]) => theme);
}
