/** A list that failed to load, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>We could not load this list. Please try again.</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
