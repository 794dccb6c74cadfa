export function buildServer(options?: { entries?: Record<string, string>; outdir?: string }): Promise<void>;
