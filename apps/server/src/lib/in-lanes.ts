/**
 * Runs `fn` on every item, `lanes` at a time, each lane taking the next item when it is
 * done with one: a job's waits (the database, the mail server) leave the processor to
 * another's PDF.
 */
export async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) await fn(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
