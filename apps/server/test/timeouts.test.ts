/**
 * Slow clients on a real socket: a body trickled in a byte at a time, and an idle
 * keep-alive connection, are cut off instead of holding a connection for ever.
 */
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { useTestApp } from './helper';

let port: number;

const { ctx } = useTestApp(
  {},
  { env: { REQUEST_TIMEOUT_SECONDS: '2', KEEP_ALIVE_TIMEOUT_SECONDS: '1' } },
);
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

/** Opens a socket; resolves with what the server sent and when it closed (ms after open). */
function openSocket() {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(Date.now() - opened)),
  );
  return { socket, closed, received: () => received };
}

describe('request timeouts', () => {
  it('cuts off a request body sent one byte every second', async () => {
    const { socket, closed, received } = openSocket();
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const body = '{"name":"' + 'x'.repeat(990);
    let i = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(body[i++] ?? 'x');
    }, 1000);
    const after = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10_000)),
    ]);
    clearInterval(drip);
    socket.destroy();
    expect(after, 'the connection was still open after 10 s').toBeGreaterThan(0);
    expect(after).toBeLessThan(6_000);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection', async () => {
    const { socket, closed, received } = openSocket();
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const after = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 8_000)),
    ]);
    socket.destroy();
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    expect(after, 'the idle connection was still open after 8 s').toBeGreaterThan(0);
    expect(after).toBeLessThan(4_000);
  });

  it('reads the timeouts from the environment and refuses nonsense', () => {
    const config = loadConfig({ DATA_DIR: ctx.config.dataDir });
    expect(config.REQUEST_TIMEOUT_SECONDS).toBe(60);
    expect(config.KEEP_ALIVE_TIMEOUT_SECONDS).toBe(5);
    expect(() =>
      loadConfig({ DATA_DIR: ctx.config.dataDir, REQUEST_TIMEOUT_SECONDS: '0' }),
    ).toThrow(/^Invalid configuration: REQUEST_TIMEOUT_SECONDS: /);
    expect(() =>
      loadConfig({ DATA_DIR: ctx.config.dataDir, KEEP_ALIVE_TIMEOUT_SECONDS: 'soon' }),
    ).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS/);
  });
});
