/**
 * Preloaded into a benchmark's server (`BENCH_NODE_ARGS="--import $PWD/bench/lib/count-statements.mjs"`):
 * counts every statement the process sends to PostgreSQL (port 5432), by its text, from the
 * wire protocol's messages (a simple query, or a bind of a parsed statement), and writes the
 * counts to `<tmpdir>/bench-statements-<pid>.json` when the process exits. The server's
 * bundle carries its own copy of `pg`, so the count is taken at the socket. Never loaded
 * by the site itself.
 */
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const counts = new Map();
/** Parsed statements by name ('' the unnamed one), per socket. */
const parsed = new WeakMap();

function cstring(buf, at) {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

function count(text) {
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function read(socket, chunk) {
  if (!Buffer.isBuffer(chunk)) return;
  let names = parsed.get(socket);
  if (!names) parsed.set(socket, (names = new Map()));
  let at = 0;
  while (at + 5 <= chunk.length) {
    const type = String.fromCharCode(chunk[at]);
    const length = chunk.readUInt32BE(at + 1);
    const body = at + 5;
    if (type === 'Q') count(cstring(chunk, body)[0]);
    else if (type === 'P') {
      const [name, next] = cstring(chunk, body);
      names.set(name, cstring(chunk, next)[0]);
    } else if (type === 'B') {
      const [, next] = cstring(chunk, body);
      count(names.get(cstring(chunk, next)[0]) ?? '(unknown statement)');
    }
    at += 1 + length;
  }
}

const write = net.Socket.prototype.write;
net.Socket.prototype.write = function countedWrite(chunk, ...rest) {
  if (this.remotePort === 5432) {
    try {
      read(this, chunk);
    } catch {
      // Not a whole message: not counted.
    }
  }
  return write.call(this, chunk, ...rest);
};

process.on('exit', () => {
  const rows = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([text, n]) => ({ n, text }));
  writeFileSync(
    path.join(os.tmpdir(), `bench-statements-${process.pid}.json`),
    JSON.stringify(rows, null, 1),
  );
});
