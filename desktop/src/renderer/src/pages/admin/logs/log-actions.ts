/**
 * An entry's details for a table cell. The server stores them as a JSON object in text; show
 * `key: value` pairs, and anything else as it is.
 */
export function logDetails(message: string | null): string {
  if (!message) return '';
  try {
    const parsed: unknown = JSON.parse(message);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed as Record<string, unknown>)
        .map(([key, value]) => `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`)
        .join(', ');
    }
  } catch {
    // Plain text: shown as written.
  }
  return message;
}
