export const TOOLS_BIN: string;
export function buildTool(name: string, go?: string): boolean;
export function buildTools(names?: string[]): void;
export const CONFORMANCE_HOME: string;
export const CONFORMANCE_BIN: string;
export function buildConformance(go?: string): boolean;
