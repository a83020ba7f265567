/**
 * The proof-of-work challenge a request may be asked to solve (decision 454): the API
 * answers 403 with this error and `error.challenge`; the client solves it and sends the
 * request again with the solution in `CHALLENGE_HEADER` (base64 of `{ challenge, solution }`).
 */
export const CHALLENGE_HEADER = 'x-easyfund-challenge';

export const CHALLENGE_ERROR = {
  code: 'challenge_required',
  message:
    'Many attempts come from your network right now. Your browser must solve a short puzzle first; please try again.',
} as const;
