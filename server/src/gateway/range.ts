/** Inclusive byte offsets inside a representation of known size. */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeResult = { kind: 'full' } | { kind: 'partial'; ranges: ByteRange[] } | { kind: 'unsatisfiable' };

/** More ranges than this in one request are answered with the whole body, as RFC 9110 allows. */
export const MAX_RANGES = 16;

/**
 * Parses `Range: bytes=…` against a size (RFC 9110 §14.1.2). Ranges past the end are dropped; none
 * left, or one ending before it starts, is 416. A header that is not a byte-range set at all, or
 * asks for overlapping or too many ranges (which could make one request read the same bytes many
 * times), is ignored: the answer is the whole body.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const match = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!match) return { kind: 'full' };
  const specs = match[1]!.split(',').map((spec) => spec.trim());
  if (specs.length > MAX_RANGES || specs.some((spec) => spec === '')) return { kind: 'full' };
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const parts = /^(\d*)-(\d*)$/.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'full' };
    const range = satisfiable(parts[1]!, parts[2]!, size);
    // A range that ends before it starts is invalid, which RFC 9110 answers like an unsatisfiable one.
    if (range === 'invalid') return { kind: 'unsatisfiable' };
    if (range) ranges.push(range);
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  if (sorted.some((range, i) => i > 0 && range.start <= sorted[i - 1]!.end)) return { kind: 'full' };
  return { kind: 'partial', ranges };
}

function satisfiable(first: string, last: string, size: number): ByteRange | null | 'invalid' {
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return 'invalid';
  if (start >= size) return null;
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
