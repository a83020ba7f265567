/** A safe in-app return path: only same-site absolute paths. */
export function safeReturnPath(from: string | null | undefined, fallback = '/'): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return fallback;
  return from;
}
