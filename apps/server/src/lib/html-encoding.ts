import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings a page is sent in, best first (the build's assets use the same two). */
const ENCODINGS = ['br', 'gzip'] as const;
export type HtmlEncoding = (typeof ENCODINGS)[number];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page's HTML (or a public answer's JSON) as sent to a browser that accepts it
 * compressed: on slow mobile data a 25 KB page is a quarter of that in Brotli. Brotli at
 * quality 5 (not the default 11, which takes tens of milliseconds) and gzip at its
 * default level; both run on the thread pool, not the event loop.
 */
export function encodeHtml(html: string | Buffer, encoding: HtmlEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzip(html);
}

/** The encoding to send a page in for this `Accept-Encoding`, or none (identity). */
export function htmlEncodingFor(acceptEncoding: string | undefined): HtmlEncoding | undefined {
  if (!acceptEncoding) return undefined;
  return (negotiate(acceptEncoding, [...ENCODINGS]) ?? undefined) as HtmlEncoding | undefined;
}

/**
 * A text sent to many as it is (a page, a public answer): compressed once per encoding on
 * first use, not once per answer.
 */
export class CompressedOnce {
  private readonly encoded = new Map<HtmlEncoding, Promise<Buffer>>();
  constructor(private readonly text: string | Buffer) {}

  encode(encoding: HtmlEncoding): Promise<Buffer> {
    let encoded = this.encoded.get(encoding);
    if (!encoded) {
      encoded = encodeHtml(this.text, encoding);
      // A failure is not kept: the next visit tries again.
      encoded.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, encoded);
    }
    return encoded;
  }
}

/** A page's HTML kept for many visitors, with its compressions made once. */
export interface KeptPage {
  readonly html: string;
  encode(encoding: HtmlEncoding): Promise<Buffer>;
}

/** A page the same for every visitor (page × title × language, a small fixed set). */
export class SharedPage extends CompressedOnce implements KeptPage {
  constructor(readonly html: string) {
    super(html);
  }
}
