const MB = 1000 * 1000;

/** Bytes as MB (10^6 bytes, as the referral rules count them), to two decimals. */
export const toMb = (bytes: number): number => Math.round((Number(bytes) / MB) * 100) / 100;

/** Integer cents as a euro amount. */
export const centsToEur = (cents: number): number => Math.round(Number(cents)) / 100;
