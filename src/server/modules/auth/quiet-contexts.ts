import type { AsyncLocalStorage } from 'node:async_hooks';
import { getCurrentAuthContextAsyncLocalStorage, getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';

let installed: Promise<AsyncLocalStorage<unknown>[]> | undefined;

/**
 * The auth library keeps its per-call state in three AsyncLocalStorages. On Node 20 one enabled storage makes every
 * promise of the process pay for carrying contexts (promise hooks), and the library never disables them: after the
 * first sign-in, 11–12 % of the CPU of every signed-in read went there, though reads never call the library (ADR 040).
 * So each storage is switched off whenever no call into the library is under way; its next `run` switches it on again.
 * Nothing of the library runs outside a `run` of its own: without a background task handler it awaits its side work
 * (emails, hooks) inside the call. Resolves to the storages once watched (tests look at them).
 */
export function quietAuthContexts(): Promise<AsyncLocalStorage<unknown>[]> {
  installed ??= Promise.all([getRequestStateAsyncLocalStorage(), getCurrentAuthContextAsyncLocalStorage(), getCurrentDBAdapterAsyncLocalStorage()]).then((storages) => {
    const all = storages as AsyncLocalStorage<unknown>[];
    let running = 0;
    const leave = () => {
      running--;
      if (running === 0) for (const storage of all) storage.disable();
    };
    for (const storage of all) {
      const run = storage.run.bind(storage);
      storage.run = ((store: unknown, fn: (...args: unknown[]) => unknown, ...args: unknown[]) => {
        running++;
        let result: unknown;
        try {
          result = run(store, fn, ...args);
        } catch (error) {
          leave();
          throw error;
        }
        if (result instanceof Promise) return result.finally(leave);
        leave();
        return result;
      }) as typeof storage.run;
    }
    return all;
  });
  return installed;
}
