import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A provider's API played on a local port for the tests: `start()` listens on a free port
 * of 127.0.0.1 (then in `port`), `stop()` drops open connections and closes.
 */
export abstract class StandInServer {
  private server: Server | undefined;
  port = 0;

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<unknown>;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    // A kept-alive connection outlives a busy machine's pauses: the server's own closing
    // of an idle one is never raced by the app's next request on it.
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
