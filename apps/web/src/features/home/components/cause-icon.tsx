import type { CauseId } from '@easyfund/shared/constants';

/** 24×24 outline icons for the six causes. */
const PATHS: Record<CauseId, string> = {
  startup:
    'M12 2c3 2 5 5.5 5 9.5V15l2 3h-4l-1 3h-4l-1-3H5l2-3v-3.5C7 7.5 9 4 12 2zm0 6.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  'charitable-trust':
    'M3 10 12 4l9 6v1H3v-1zm2 3h2v6H5v-6zm4 0h2v6H9v-6zm4 0h2v6h-2v-6zm4 0h2v6h-2v-6zM3 20h18v2H3v-2z',
  'health-care':
    'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 5 6.4 5c2 0 3.3 1.1 4 2.3h3.2C14.3 6.1 15.6 5 17.6 5 21 5 23.1 8.4 21.6 11.8 19.5 16.4 12 21 12 21zM11 9v2.5H8.5v2H11V16h2v-2.5h2.5v-2H13V9h-2z',
  education:
    'M12 3 1 9l11 6 9-4.9V17h2V9L12 3zM5 13.2v3.8c0 1.7 3.1 4 7 4s7-2.3 7-4v-3.8l-7 3.8-7-3.8z',
  'relief-fund':
    'M12 2 4 6v6c0 5 3.4 9.4 8 10.6 4.6-1.2 8-5.6 8-10.6V6l-8-4zm-1 5h2v4h4v2h-4v4h-2v-4H7v-2h4V7z',
  'social-care':
    'M8 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm8 0a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM2 18c0-3 2.7-5.5 6-5.5s6 2.5 6 5.5v2H2v-2zm12.5-5.4c.5-.1 1-.1 1.5-.1 3.3 0 6 2.5 6 5.5v2h-6v-2c0-2-.6-3.8-1.5-5.4z',
};

export function CauseIcon({ id }: { id: CauseId }) {
  return (
    <svg viewBox="0 0 24 24" className="h-8 w-8" aria-hidden="true">
      <path fill="currentColor" d={PATHS[id]} />
    </svg>
  );
}

/** A banknote: the currency icon of the statistics strip. */
export function CurrencyIcon() {
  return (
    <span
      className="flex aspect-square h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-300 text-teal-950"
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" className="h-7 w-7">
        <path
          fill="currentColor"
          d="M2 6h20v12H2V6zm2 2v8h16V8H4zm8 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM5 9.5h2v1H5v-1zm12 4h2v1h-2v-1z"
        />
      </svg>
    </span>
  );
}
