import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestsInFlight } from '../src/lib/requests-in-flight';

/** Whether `promise` has settled by the time the microtasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('requests in flight', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('count a request until its response is sent or its connection closes, once', () => {
    const requests = new RequestsInFlight();
    const sent = new EventEmitter();
    const hungUp = new EventEmitter();
    requests.track(sent);
    requests.track(hungUp);
    expect(requests.count).toBe(2);
    sent.emit('finish');
    sent.emit('close');
    expect(requests.count).toBe(1);
    // A client that hangs up before the answer: the connection's close ends the request.
    hungUp.emit('close');
    expect(requests.count).toBe(0);
    const leave = requests.enter();
    leave();
    leave();
    expect(requests.count).toBe(0);
  });

  it('let background work go at once while few are in flight', async () => {
    const requests = new RequestsInFlight();
    for (let i = 0; i < 4; i++) requests.enter();
    expect(await settled(requests.quiet(4, 60_000))).toBe(true);
  });

  it('hold it while more are in flight, until enough of them end', async () => {
    const requests = new RequestsInFlight();
    const leaves = Array.from({ length: 6 }, () => requests.enter());
    const quiet = requests.quiet(4, 60_000);
    expect(await settled(quiet)).toBe(false);
    leaves[0]!();
    expect(await settled(quiet)).toBe(false);
    leaves[1]!();
    expect(await settled(quiet)).toBe(true);
    // Another request beginning afterwards does not take back a wait that has ended.
    requests.enter();
    expect(await settled(quiet)).toBe(true);
  });

  it('hold it no longer than the time given, however many stay in flight', async () => {
    vi.useFakeTimers();
    const requests = new RequestsInFlight();
    for (let i = 0; i < 50; i++) requests.enter();
    const quiet = requests.quiet(4, 2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(await settled(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(quiet)).toBe(true);
    expect(requests.count).toBe(50);
  });
});
