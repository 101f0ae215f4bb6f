/**
 * Computed stats and streaks, per user, in this process. An entry is only used while its key still matches: the
 * version of the user's workouts and schedule (raised in the transaction of every change, on any instance), their
 * time zone and today, and whatever else the computation read. So a dashboard that asks again and again costs one
 * small query instead of a pass over years of sets, and nothing can be served stale.
 */
export class StatsCache {
  private readonly entries = new Map<string, { key: string; value: unknown }>();

  constructor(private readonly capacity = 500) {}

  async get<T>(slot: string, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(slot);
    if (hit && hit.key === key) {
      // Least recently used goes first: re-inserting moves the entry to the end.
      this.entries.delete(slot);
      this.entries.set(slot, hit);
      return hit.value as T;
    }
    const value = await compute();
    this.entries.delete(slot);
    this.entries.set(slot, { key, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
