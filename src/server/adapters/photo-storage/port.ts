/**
 * Where meal photos live: files under DATA_DIR/uploads (embedded default) or an S3-compatible bucket. Keys are
 * `<folder>/<user id>/<name>.jpg`, so one prefix holds everything of a user and an account deletion removes it
 * in one call.
 */
export interface PhotoStorage {
  readonly name: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such photo. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a photo that is not there is not an error. */
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9.-]*)+$/;

/** Keys are built by the server from ids, never taken from a request; this guards against a slip all the same. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid photo key: ${key}`);
}
