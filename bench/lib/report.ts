export interface Figure {
  benchmark: string;
  value: number;
  unit: string;
  /** The reference measured in the same run, same unit; null when the benchmark only reports. */
  reference: number | null;
  referenceLabel: string;
  /** Minimum ratio value/reference (or maximum, for `max` targets) the product requires. */
  target?: { min?: number; max?: number; of: 'ratio' | 'value' };
  note?: string;
}

/** A count that must be 0 (failures, lost records, bytes of drift), with `note` when given. */
export function mustBeZero(benchmark: string, value: number, unit: string, note?: string): Figure {
  return { benchmark, value, unit, reference: null, referenceLabel: '', target: { max: 1, of: 'value' }, ...(note ? { note } : {}) };
}

export function met(figure: Figure): boolean | null {
  if (!figure.target) return null;
  const measured = figure.target.of === 'ratio' ? ratio(figure) : figure.value;
  if (measured === null) return null;
  if (figure.target.min !== undefined && measured < figure.target.min) return false;
  if (figure.target.max !== undefined && measured >= figure.target.max) return false;
  return true;
}

function ratio(figure: Figure): number | null {
  return figure.reference ? figure.value / figure.reference : null;
}

function targetText(figure: Figure): string {
  const target = figure.target;
  if (!target) return 'report only';
  const subject = target.of === 'ratio' ? 'ratio' : figure.unit;
  if (target.min !== undefined) return `${subject} >= ${target.min}`;
  return `${subject} < ${target.max}`;
}

const number = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** One line per figure: value, reference, ratio, target and whether it is met. */
export function printFigure(figure: Figure): void {
  const r = ratio(figure);
  const verdict = met(figure);
  const cells = [
    figure.benchmark.padEnd(44),
    `${number(figure.value)} ${figure.unit}`.padStart(16),
    figure.reference === null ? ''.padStart(34) : `ref ${number(figure.reference)} ${figure.unit} (${figure.referenceLabel})`.padStart(34),
    r === null ? ''.padStart(12) : `ratio ${r.toFixed(2)}`.padStart(12),
    `  ${targetText(figure)}`.padEnd(18),
    verdict === null ? '' : verdict ? 'MET' : 'NOT MET',
  ];
  console.log(cells.join(' '));
  if (figure.note) console.log(`${''.padEnd(46)}${figure.note}`);
}
