import { describe, expect, it } from 'vitest';
import { modeBreakdown, themeBreakdown } from './analytics-breakdown.ts';

describe('themeBreakdown', () => {
  it('lists every theme in order with its share and a bar scaled to the largest', () => {
    const { rows, activeThemes } = themeBreakdown(
      { 'Propulsion and Combustion': 1, 'Solid Mechanics and Dynamics': 3 },
      4,
    );
    expect(rows).toEqual([
      { name: 'Aerodynamics and Fluid Mechanics', count: 0, percent: 0, barPercent: 0 },
      { name: 'Solid Mechanics and Dynamics', count: 3, percent: 75, barPercent: 100 },
      { name: 'Flight Mechanics, Control and Navigation', count: 0, percent: 0, barPercent: 0 },
      { name: 'Propulsion and Combustion', count: 1, percent: 25, barPercent: 33 },
    ]);
    expect(activeThemes).toBe(2);
  });

  it('keeps a theme the client does not know at the end', () => {
    const { rows, activeThemes } = themeBreakdown({ 'Old theme': 2 }, 2);
    expect(rows.at(-1)).toEqual({ name: 'Old theme', count: 2, percent: 100, barPercent: 100 });
    expect(activeThemes).toBe(1);
  });

  it('has empty bars and no active themes without papers', () => {
    const { rows, activeThemes } = themeBreakdown({}, 0);
    expect(rows.every((row) => row.count === 0 && row.barPercent === 0 && row.percent === 0)).toBe(true);
    expect(activeThemes).toBe(0);
  });
});

describe('modeBreakdown', () => {
  it('lists the three modes of presentation', () => {
    expect(
      modeBreakdown({ Oral: 2, 'Video (Only for Students)': 1 }, 3).map((row) => [row.name, row.count, row.percent]),
    ).toEqual([
      ['Oral', 2, 67],
      ['Poster (Only for Students)', 0, 0],
      ['Video (Only for Students)', 1, 33],
    ]);
  });
});
