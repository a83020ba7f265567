// The reference for `npm run bench:fund-read`: a bare node:http server answering
// GET /api/funds/<id> with the row of the SQL the app sends for that read (RAW_SQL, with
// the parameters it was sent, RAW_VALUES as JSON, the one at RAW_ID_INDEX replaced by the
// address's id), as JSON, from the same PostgreSQL database (RAW_DATABASE_URL):
// a pool as large as the app's, the statement prepared by name on each connection as the
// app prepares its own (decision 438). No validation, no shaping, no framework. Prints
// `listening on PORT`.
import http from 'node:http';
import pg from 'pg';

const { RAW_DATABASE_URL: url, RAW_SQL: text, RAW_VALUES, RAW_ID_INDEX } = process.env;
if (!url || !text || !RAW_VALUES || !RAW_ID_INDEX)
  throw new Error('RAW_DATABASE_URL, RAW_SQL, RAW_VALUES and RAW_ID_INDEX are required');
const given = JSON.parse(RAW_VALUES);
const idIndex = Number(RAW_ID_INDEX);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const PREFIX = '/api/funds/';

const server = http.createServer((req, res) => {
  const id = req.url?.startsWith(PREFIX) ? req.url.slice(PREFIX.length) : '';
  const values = [...given];
  values[idIndex] = id;
  pool.query({ name: 'fund', text, values }).then(
    ({ rows }) => {
      const body = rows[0] ? JSON.stringify(rows[0]) : '{"error":{"code":"not_found"}}';
      res.writeHead(rows[0] ? 200 : 404, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
    () => {
      res.writeHead(500).end();
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
