/** How much of the limit is in use: the real share, not the API's `percent`, which stops at 100. */
export interface UsageShare {
  /** Percent of the limit in use, one decimal (140.2 for 40.2 % over); null when the limit is 0. */
  percent: number | null;
  /** Bytes stored beyond the limit (an account moved to a smaller plan); 0 within it. */
  over: number;
  /** Something is stored, but less than the smallest share shown (0.1 %): it reads "< 0.1 %", not "0 %". */
  under?: true;
}

export function usageShare(used: number, limit: number): UsageShare {
  const over = Math.max(0, used - limit);
  if (limit <= 0) return { percent: null, over };
  const exact = (used / limit) * 100;
  // Short of the limit it never reads as a full 100 %, nor past it as exactly 100 %.
  const percent = used < limit ? Math.floor(exact * 10) / 10 : Math.max(100, Math.round(exact * 10) / 10);
  return used > 0 && percent === 0 ? { percent, over, under: true } : { percent, over };
}
