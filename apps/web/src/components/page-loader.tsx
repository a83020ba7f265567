/** Shown while the session or a page's data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center p-8">
      <progress className="progress progress-primary w-56" aria-label={label} />
    </div>
  );
}
