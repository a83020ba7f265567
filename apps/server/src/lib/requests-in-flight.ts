import type { EventEmitter } from 'node:events';

/**
 * The requests a process is answering now, for background work that gives way to them
 * (decision 487): a batch of receipts waits while more than a few people wait on the
 * server, at most a stated time, so that a burst of donations is recorded first and its
 * receipts drawn once it has passed.
 */
export class RequestsInFlight {
  private inFlight = 0;
  /** The waits of `quiet`, each told when the count falls low enough. */
  private readonly waiting = new Set<{ busyAbove: number; done: () => void }>();

  /** How many requests are being answered now. */
  get count(): number {
    return this.inFlight;
  }

  /** A request begins; the function returned ends it (once, however often it is called). */
  enter(): () => void {
    this.inFlight++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
      for (const wait of this.waiting) if (this.inFlight <= wait.busyAbove) wait.done();
    };
  }

  /**
   * Counts a request until its response closes: a response emits 'close' once it is sent,
   * and also when its client hangs up first (Node's and the injected ones alike).
   */
  track(response: EventEmitter): void {
    response.once('close', this.enter());
  }

  /**
   * Resolves once at most `busyAbove` requests are in flight (at once when they are), or
   * after `atMostMs` however many there are then.
   */
  quiet(busyAbove: number, atMostMs: number): Promise<void> {
    if (this.inFlight <= busyAbove) return Promise.resolve();
    return new Promise((resolve) => {
      const wait = {
        busyAbove,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(wait);
          resolve();
        },
      };
      const timer = setTimeout(wait.done, atMostMs);
      this.waiting.add(wait);
    });
  }
}
