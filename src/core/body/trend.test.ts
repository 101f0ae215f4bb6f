import { describe, expect, it } from 'vitest';
import { linearTrend, weightTrend } from './trend';

describe('weightTrend', () => {
  it('starts at the first weigh-in and moves a tenth of the way each day', () => {
    const trend = weightTrend([
      { date: '2026-03-01', weightKg: 80 },
      { date: '2026-03-02', weightKg: 81 },
      { date: '2026-03-03', weightKg: 79 },
    ]);
    // 80; 80 + 0.1 × (81 − 80) = 80.1; 80.1 + 0.1 × (79 − 80.1) = 79.99.
    expect(trend).toEqual([
      { date: '2026-03-01', weightKg: 80 },
      { date: '2026-03-02', weightKg: 80.1 },
      { date: '2026-03-03', weightKg: 79.99 },
    ]);
  });

  it('gives a weigh-in after a gap of d days the share of d days, 1 − 0.9^d', () => {
    const [, afterGap] = weightTrend([
      { date: '2026-03-01', weightKg: 80 },
      { date: '2026-03-11', weightKg: 78 },
    ]);
    expect(afterGap.weightKg).toBeCloseTo(80 - (1 - 0.9 ** 10) * 2, 2);
    // After two months away the trend is, within 50 g, the new weight.
    expect(
      weightTrend([
        { date: '2026-01-01', weightKg: 90 },
        { date: '2026-03-01', weightKg: 80 },
      ])[1].weightKg,
    ).toBeCloseTo(80, 1);
  });

  it('reads the weigh-ins in date order and smooths away a one-day swing', () => {
    const days = Array.from({ length: 20 }, (_, i) => ({ date: `2026-04-${String(i + 1).padStart(2, '0')}`, weightKg: i === 10 ? 82 : 80 }));
    const trend = weightTrend([...days].reverse());
    expect(trend.map((p) => p.date)).toEqual(days.map((p) => p.date));
    expect(Math.max(...trend.map((p) => p.weightKg))).toBeLessThanOrEqual(80.2);
  });
});

describe('linearTrend', () => {
  it('is the least-squares slope per day, whatever the gaps', () => {
    const line = linearTrend([
      { date: '2026-03-01', weightKg: 80 },
      { date: '2026-03-04', weightKg: 79.7 },
      { date: '2026-03-15', weightKg: 78.6 },
    ])!;
    expect(line.slope).toBeCloseTo(-0.1, 10);
    expect(line.residualSd).toBeCloseTo(0, 10);
    expect(line.spanDays).toBe(14);
    expect(line.count).toBe(3);
  });

  it('needs two weigh-ins on different days', () => {
    expect(linearTrend([])).toBeNull();
    expect(linearTrend([{ date: '2026-03-01', weightKg: 80 }])).toBeNull();
  });
});
