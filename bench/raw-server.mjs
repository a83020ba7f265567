// The reference for the API benchmark: a bare node:http server answering one fixed
// 2 KB JSON document, in a process of its own. Prints `listening on PORT`.
import http from 'node:http';

const items = [];
for (let i = 0; items.length === 0 || JSON.stringify({ items }).length < 2048 - 120; i++) {
  items.push({ id: i, name: `Relief fund ${i}`, raisedPoisha: 4500000 + i, goalPoisha: 10000000 });
}
const body = Buffer.from(
  JSON.stringify({ items, total: items.length, page: 1, pageSize: 12 }).padEnd(2048, ' '),
);

const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
