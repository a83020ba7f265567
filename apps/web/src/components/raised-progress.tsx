import { formatTk } from '@easyfund/shared/money';

/** Share of the goal raised, as a whole percentage (0–100, rounded down, never NaN). */
export function raisedPercent(raisedPoisha: number, goalPoisha: number): number {
  if (goalPoisha <= 0) return 0;
  return Math.min(100, Math.floor((raisedPoisha / goalPoisha) * 100));
}

/** A progress bar of raised / goal with its percentage, announced to screen readers. */
export function RaisedProgress({
  raisedPoisha,
  goalPoisha,
  showLabel = true,
  className = '',
}: {
  raisedPoisha: number;
  goalPoisha: number;
  showLabel?: boolean;
  className?: string;
}) {
  const percent = raisedPercent(raisedPoisha, goalPoisha);
  // Something raised, but under 1%: say so rather than '0%'.
  const shown = percent === 0 && raisedPoisha > 0 ? 'under 1%' : `${percent}%`;
  const label = `${formatTk(raisedPoisha)} raised of ${formatTk(goalPoisha)} goal (${shown})`;
  return (
    <div className={className}>
      <progress
        className="progress progress-success h-3 w-full"
        value={Math.min(raisedPoisha, goalPoisha)}
        max={Math.max(goalPoisha, 1)}
        aria-label={label}
      />
      {showLabel && (
        <p className="mt-1 text-right text-sm font-medium text-base-content/80" aria-hidden="true">
          {shown} raised
        </p>
      )}
    </div>
  );
}
