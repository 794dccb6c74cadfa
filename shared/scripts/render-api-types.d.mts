/** The generated files of shared/src/api-types, by file name, rendered from openapi.yaml. */
export function renderApiTypes(): Promise<Record<string, string>>;
