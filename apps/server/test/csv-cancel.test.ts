import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { sendCsv } from '../src/modules/downloads/csv';

const app = Fastify();
afterAll(() => app.close());

it('a CSV download the client gives up stops reading pages', async () => {
  const PAGES = 1_000;
  let pagesRead = 0;
  let ended = false;
  // As the exports read: a page of 500 rows per query, one after another.
  async function* rows() {
    try {
      for (let page = 0; page < PAGES; page++) {
        pagesRead++;
        await new Promise((r) => setTimeout(r, 2));
        for (let i = 0; i < 500; i++) yield [`row ${page * 500 + i}`, 'x'.repeat(100)];
      }
    } finally {
      ended = true;
    }
  }
  app.get('/export.csv', (_request, reply) => sendCsv(reply, 'export.csv', ['a', 'b'], rows()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  await new Promise<void>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/export.csv' }, (res) => {
      expect(res.statusCode).toBe(200);
      // The first bytes, then the client goes away.
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
  });
  const until = Date.now() + 10_000;
  while (!ended && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  // The rows' generator was ended, long before its last page; no page is read after that.
  expect(ended).toBe(true);
  const readWhenEnded = pagesRead;
  expect(readWhenEnded).toBeLessThan(PAGES / 2);
  await new Promise((r) => setTimeout(r, 200));
  expect(pagesRead).toBe(readWhenEnded);
});
