/** A horizontal bar for a share from 0 to 1, announced as a percentage with `label`. */
export function ProgressBar({
  value,
  label,
  tone = 'accent',
  valueText,
}: {
  value: number;
  label: string;
  tone?: 'accent' | 'warning' | 'danger' | 'success';
  /** What a screen reader says for the value (default: the percentage). */
  valueText?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 1000) / 10;
  return (
    <div
      className={`progress progress-${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <span className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
