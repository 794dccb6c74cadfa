/** Integer cents as a euro amount. */
export const centsToEur = (cents: number): number => Math.round(Number(cents)) / 100;
