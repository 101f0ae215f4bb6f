import type { HitResult } from './port';

/**
 * What the shared store answers one call: `report` requests let through by this instance are added to the count of
 * window `report.index` first; then, when `count`, one more request is counted if the sliding window has room
 * (`allowed`). `left` is what the window has left after that; `resetAt` (ms) is when the current window ends.
 */
export type Reconcile = (
  key: string,
  max: number,
  windowMs: number,
  now: number,
  report: { index: number; n: number } | null,
  count: boolean,
) => Promise<{ allowed: boolean; left: number; resetAt: number }>;

/**
 * The share of what is left in a window that one instance may let through without asking the shared store: each
 * instance's requests the others cannot see yet are at most this share of the limit, so N instances pass a limit by
 * at most N / 40 of it (5 % for two). Below 40 left a lease is empty, and every request is checked exactly.
 */
export const LEASE_SHARE = 1 / 40;

/** One key's lease on this instance, for one window. */
interface Lease {
  index: number;
  /** The limit it was taken under: a request under another (the user's tier changed) is checked exactly. */
  max: number;
  /** Requests this instance may still let through without asking. */
  allowance: number;
  /** The size of the last lease: it is renewed, in the background, once half of it is spent. */
  grant: number;
  /** Let through here and not yet added to the shared count. */
  unreported: number;
  /** Let through here from the lease, in all: what was spent while a call was out. */
  spent: number;
  /** What the shared count had left at its last answer, less what was let through here since. */
  remaining: number;
  resetAt: Date;
  renewing: boolean;
}

/**
 * Leases (ADR 031): a key's requests are let through in process from a lease, a share of what the shared count has
 * left; what was let through is added to the shared count in batches, when the lease is renewed. A request finding
 * no lease (the first, the first of a window, one past a spent lease, any while little is left) is checked and
 * counted exactly, in the same call that reports the batch.
 */
export function createLeases(reconcile: Reconcile, now: () => number = Date.now) {
  const leases = new Map<string, Lease>();

  /** A call's answer: the lease that is left, less what was let through while the call was out. */
  const apply = (lease: Lease, answer: { left: number; resetAt: number }, spentBefore: number) => {
    const since = lease.spent - spentBefore;
    lease.grant = Math.floor(answer.left * LEASE_SHARE);
    lease.allowance = Math.max(0, lease.grant - since);
    lease.remaining = Math.max(0, answer.left - since);
    lease.resetAt = new Date(answer.resetAt);
  };

  /** Reports the batch and takes a new lease, while the requests go on spending the old one. */
  const renew = (key: string, lease: Lease, max: number, windowMs: number) => {
    const report = { index: lease.index, n: lease.unreported };
    const spentBefore = lease.spent;
    lease.unreported = 0;
    lease.renewing = true;
    reconcile(key, max, windowMs, now(), report, false).then(
      (answer) => {
        lease.renewing = false;
        // Taken under a limit that has changed since: the next request is checked exactly under the new one.
        if (lease.max === max) apply(lease, answer, spentBefore);
      },
      // The next request finds the lease spent and asks itself: an outage is reported there.
      () => {
        lease.renewing = false;
        lease.unreported += report.n;
      },
    );
  };

  const sweep = setInterval(() => {
    // A lease whose window is over is not used again; its batch, if unreported, stays within what the lease allowed.
    const t = now();
    for (const [key, lease] of leases) if (lease.resetAt.getTime() <= t && !lease.renewing) leases.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    async hit(key: string, max: number, windowMs: number): Promise<HitResult> {
      const t = now();
      const index = Math.floor(t / windowMs);
      const held = leases.get(key);
      if (held?.index === index && held.max === max && held.allowance > 0) {
        held.allowance--;
        held.spent++;
        held.unreported++;
        held.remaining = Math.max(0, held.remaining - 1);
        if (!held.renewing && held.allowance <= held.grant / 2) renew(key, held, max, windowMs);
        return { allowed: true, remaining: held.remaining, resetAt: held.resetAt };
      }
      // The batch of the lease held, in its own window (one that ended before the previous one no longer counts).
      const report = held && held.unreported > 0 && held.index >= index - 1 ? { index: held.index, n: held.unreported } : null;
      if (held) held.unreported = 0;
      const lease: Lease = held?.index === index ? held : { index, max, allowance: 0, grant: 0, unreported: 0, spent: 0, remaining: 0, resetAt: new Date(t), renewing: false };
      lease.max = max;
      leases.set(key, lease);
      const spentBefore = lease.spent;
      let answer;
      try {
        answer = await reconcile(key, max, windowMs, t, report, true);
      } catch (error) {
        if (report && held) held.unreported += report.n;
        throw error;
      }
      apply(lease, answer, spentBefore);
      return { allowed: answer.allowed, remaining: answer.allowed ? lease.remaining : 0, resetAt: lease.resetAt };
    },
    close() {
      clearInterval(sweep);
      leases.clear();
    },
  };
}
