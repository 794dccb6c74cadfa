export const TOOLS_BIN: string;
export function buildTool(name: string, go?: string): boolean;
export function buildTools(names?: string[]): void;
