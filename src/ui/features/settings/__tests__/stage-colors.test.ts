import { describe, expect, it } from 'vitest';
import { STAGE_COLOR_PRESETS, contrastRatio, themesWithLowContrast } from '../stage-colors';

describe('stage colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3B82F6', '#ffffff')).toBeCloseTo(3.68, 2);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('offers presets that keep 3:1 on every theme', () => {
    for (const color of STAGE_COLOR_PRESETS) expect(themesWithLowContrast(color), color).toEqual([]);
  });

  it('names the themes where a colour fades', () => {
    expect(themesWithLowContrast('#FDE047')).toEqual(['light']);
    expect(themesWithLowContrast('#1E293B')).toEqual(['dark', 'matrix']);
    expect(themesWithLowContrast('not a colour')).toEqual([]);
  });
});
