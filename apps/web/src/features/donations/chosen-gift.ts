import type { Giving } from './components/giving-options';

/**
 * The gift a donor chose on the pay step — amount, method, anonymity, message — kept in
 * the tab's session storage, so that signing in or up, verifying an e-mail, and a failed,
 * cancelled or held payment (the gateway's round trip) bring them back to the same gift
 * (decision 016). An hour old, it is forgotten; `?amount=` always wins.
 */
export interface ChosenGift {
  fundId: string;
  amountTk?: number;
  method?: string;
  giving?: Giving;
  savedAt: number;
}

const KEY = 'easyfund:chosen-gift';
const MAX_AGE_MS = 60 * 60_000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The gift chosen for this fund in this tab, if any and recent. */
export function loadGift(fundId: string): ChosenGift | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const gift = JSON.parse(raw) as ChosenGift;
    if (gift.fundId !== fundId || Date.now() - gift.savedAt > MAX_AGE_MS) return null;
    return gift;
  } catch {
    return null;
  }
}

/** Remembers what changed of the gift for this fund. */
export function saveGift(fundId: string, change: Partial<Omit<ChosenGift, 'fundId' | 'savedAt'>>) {
  const before = loadGift(fundId);
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...before, ...change, fundId, savedAt: Date.now() }));
  } catch {
    // Storage full or off: the gift is simply not kept.
  }
}
