import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An AsyncLocalStorage that is switched off whenever none of its `run`s is under way.
 *
 * On Node 20 an AsyncLocalStorage works by async hooks: once one has run, every promise
 * and every native callback of the process pays for them, for as long as it lives. The
 * identity layer keeps its request's state in three of them, used only while one of its
 * calls runs; the first sign-in would otherwise tax every later request, a donation's
 * among them (a tenth of the server's thread). `disable()` switches the hooks off once
 * no storage needs them, and the next `run` switches them on again (both documented).
 * A store is read only inside the `run` that set it, awaited work included: work a run
 * starts and does not wait for may find no store once every run has ended.
 */
export class IdleOffStorage<T> extends AsyncLocalStorage<T> {
  #running = 0;

  readonly #ended = () => {
    if (--this.#running === 0) this.disable();
  };

  override run<R>(store: T, callback: () => R): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.#running++;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (err) {
      this.#ended();
      throw err;
    }
    if (result instanceof Promise) result.then(this.#ended, this.#ended);
    else this.#ended();
    return result;
  }

  /** Runs under way: 0 when the storage is switched off. */
  get running(): number {
    return this.#running;
  }
}

/** Where the identity layer keeps its process-wide state (better-auth's `__getBetterAuthGlobal`). */
const IDENTITY_GLOBAL = Symbol.for('better-auth:global');

/** The identity layer's three storages, by the names it gives them in its global state. */
export const IDENTITY_STORAGES = [
  'endpointContextAsyncStorage',
  'requestStateAsyncStorage',
  'adapterAsyncStorage',
] as const;

type IdentityGlobal = { version?: string; epoch?: number; context: Record<string, unknown> };

/**
 * Gives the identity layer storages that are switched off between its calls. It makes
 * each of its storages the first time it needs one, unless its global state already
 * holds one: set here before any of its calls (the state, when not there yet, in the
 * shape it makes itself; it fills in its version). Returns the storages it will use.
 */
export function installIdentityStorages(): AsyncLocalStorage<unknown>[] {
  const holder = globalThis as { [IDENTITY_GLOBAL]?: IdentityGlobal };
  const state = (holder[IDENTITY_GLOBAL] ??= { epoch: 1, context: {} });
  return IDENTITY_STORAGES.map(
    (name) => (state.context[name] ??= new IdleOffStorage<unknown>()) as AsyncLocalStorage<unknown>,
  );
}
