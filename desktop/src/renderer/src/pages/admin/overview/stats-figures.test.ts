import { describe, expect, it } from 'vitest';
import { dailyPoints, dailyTotals, incomePoints } from './stats-figures';

const daily = [
  { date: '2026-03-01', signups: 2, uploads: 5, incomeEur: 9.99 },
  { date: '2026-03-02', signups: 0, uploads: 1, incomeEur: 0 },
];

describe('stats figures', () => {
  it('labels each day in the reader language, in UTC', () => {
    const points = dailyPoints(daily, 'en', (day) => [day.signups, day.uploads]);
    expect(points.map((point) => point.label)).toEqual(['Mar 1', 'Mar 2']);
    expect(points[0]!.fullLabel).toBe('March 1, 2026');
    expect(points[1]!.values).toEqual([0, 1]);
    expect(dailyPoints(daily, 'de', (day) => [day.incomeEur])[0]!.label).toBe('1. März');
  });

  it('lists the income periods from the shortest to all time', () => {
    const income = { '24h': 1, '7d': 2, '15d': 3, '30d': 4, '3m': 5, '6m': 6, '1y': 7, all: 8 };
    const points = incomePoints(
      income,
      (period) => period,
      (period) => `p:${period}`,
    );
    expect(points.map((point) => point.label)).toEqual(['24h', '7d', '15d', '30d', '3m', '6m', '1y', 'all']);
    expect(points.map((point) => point.values[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(points[7]!.fullLabel).toBe('p:all');
  });

  it('adds up the series', () => {
    expect(dailyTotals(daily)).toEqual({ signups: 2, uploads: 6, incomeEur: 9.99 });
  });
});
