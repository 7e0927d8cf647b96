/**
 * The leader income chart's axis titles at 4.5:1 or more in both schemes (review M8): drawn in
 * the muted text colour, not recharts' default grey #808080 (3.9:1 on white and on dark-7).
 * (jsdom draws no chart: the styles handed to it are checked, and the colour's contrast.)
 */
import { describe, expect, it } from 'vitest';
import { AXIS_LABEL_STYLES } from '@src/features/leader/IncomeChartFigure';
import { SCHEMES, SURFACES, schemeVariables } from '@src/ui/tones';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const s = parseInt(hex.slice(i, i + 2), 16) / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function ratio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('income chart axis titles', () => {
  it('are drawn in the muted text colour', () => {
    expect(AXIS_LABEL_STYLES.axisLabel.fill).toBe('var(--mantine-color-dimmed)');
  });

  it.each(SCHEMES)('reach 4.5:1 on the page in the %s scheme (the default grey does not)', (s) => {
    const body = SURFACES[s].body!;
    const dimmed = schemeVariables(s)['--mantine-color-dimmed']!;
    for (const bg of Object.values(SURFACES[s])) {
      expect(ratio(dimmed, bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(ratio('#808080', body)).toBeLessThan(4.5);
  });
});
