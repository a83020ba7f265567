import http from 'node:http';
import type { Transport } from '../../apps/server/test/support/http-client';

/**
 * The benchmarks' HTTP client: `node:http` on kept-alive connections, at most `sockets`
 * at once. It asks far less of the processor than `fetch`, whose share of the machine
 * would otherwise be taken from the server being measured (pgbench's own client is C).
 */
export function keepAliveTransport(sockets: number): { transport: Transport; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const transport: Transport = (url, req) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        url,
        { method: req.method, headers: req.headers, agent, timeout: req.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (let i = 0; i < res.rawHeaders.length; i += 2) {
              headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
            }
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              headers,
            });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`timed out: ${url.pathname}`)));
      request.on('error', reject);
      request.end(req.body);
    });
  return { transport, close: () => agent.destroy() };
}
