import type { Plan } from '@cairn/shared/api-types';

/** Cheapest first, then the smaller one: the order people compare plans in, whatever the catalogue's. */
export const byPriceAndStorage = (plans: readonly Plan[]): Plan[] =>
  [...plans].sort(
    (a, b) => a.priceMonthlyEur - b.priceMonthlyEur || a.storageLimitBytes - b.storageLimitBytes || a.code.localeCompare(b.code),
  );
