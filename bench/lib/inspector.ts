/**
 * Talks to a server process's inspector (started with --inspect=127.0.0.1:0, reachable
 * from this machine only, for the benchmark run only) to collect garbage and read the
 * heap from outside: the server itself exposes nothing new.
 */
export interface HeapReading {
  heapUsedBytes: number;
  heapTotalBytes: number;
}

export function inspectorUrl(output: string): string {
  const m = /Debugger listening on (ws:\/\/\S+)/.exec(output);
  if (!m?.[1]) throw new Error('the server did not print its inspector address');
  return m[1];
}

/** Full garbage collection in the server process, then its heap usage. */
export async function collectGarbageAndReadHeap(wsUrl: string): Promise<HeapReading> {
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('inspector connection failed')), {
      once: true,
    });
  });
  let next = 1;
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = next++;
      const onMessage = (event: MessageEvent) => {
        const msg = JSON.parse(String(event.data)) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: unknown;
        };
        if (msg.id !== id) return;
        ws.removeEventListener('message', onMessage);
        if (msg.error) reject(new Error(JSON.stringify(msg.error)));
        else resolve(msg.result ?? {});
      };
      ws.addEventListener('message', onMessage);
      ws.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return {
      heapUsedBytes: Number(usage.usedSize),
      heapTotalBytes: Number(usage.totalSize),
    };
  } finally {
    ws.close();
  }
}
