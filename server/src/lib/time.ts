export const nowIso = (): string => new Date().toISOString();
export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
export const addDays = (date: Date, days: number): Date => addSeconds(date, days * 86_400);
