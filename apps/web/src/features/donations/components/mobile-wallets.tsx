/** A wallet's mark: its name on its brand colour (drawn here, no external image). */
function WalletLogo({ name, color }: { name: string; color: string }) {
  return (
    <svg viewBox="0 0 120 48" className="h-10 w-24" aria-hidden="true" focusable="false">
      <rect width="120" height="48" rx="10" fill={color} />
      <circle cx="20" cy="24" r="9" fill="#ffffff" fillOpacity="0.9" />
      <path d="M16 24l3 3 6-7" stroke={color} strokeWidth="2.5" fill="none" />
      <text
        x="72"
        y="30"
        textAnchor="middle"
        fontFamily="Segoe UI, Arial, sans-serif"
        fontSize="17"
        fontWeight="700"
        fill="#ffffff"
      >
        {name}
      </text>
    </svg>
  );
}

const WALLETS = [
  { name: 'bKash', color: '#c2185b' },
  { name: 'Rocket', color: '#7b2d8b' },
  { name: 'Nagad', color: '#c2410c' },
] as const;

/** bKash, Rocket and Nagad: shown, and honestly marked as not available yet. */
export function MobileWallets() {
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Mobile wallets">
      {WALLETS.map((w) => (
        <li key={w.name}>
          <button
            type="button"
            disabled
            className="flex cursor-not-allowed flex-col items-center gap-1 rounded-box border border-base-300 bg-base-100 p-2 opacity-80"
            aria-label={`${w.name} (coming soon)`}
          >
            <WalletLogo name={w.name} color={w.color} />
            <span className="text-xs font-medium text-base-content">Coming soon</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
