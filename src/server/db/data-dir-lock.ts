import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Who holds the folder: a pid, and when that process started, so a later process given the same pid is told apart. */
interface Holder {
  pid: number;
  /** null where the start time cannot be read: then the pid alone decides. */
  started: string | null;
}

/**
 * PGlite has no lock between processes: two servers on one data folder silently lose writes. The first process
 * creates `<dataDir>/server.lock` naming itself; a second one finds that process still running and refuses to start.
 * A lock left by a process that died is taken over, also when its pid now belongs to another process.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const own = JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid) } satisfies Holder);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, own);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === own) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another FitForge process (pid ${holder.pid}). Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`);
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Holder>;
    if (!Number.isInteger(holder.pid) || holder.pid! <= 0) return null;
    return { pid: holder.pid!, started: typeof holder.started === 'string' ? holder.started : null };
  } catch {
    return null; // unreadable or not ours: nobody can be holding it
  }
}

function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Only a start time read and found different proves the pid taken by another process; when unsure, it is held
  // (two servers on one folder lose data, a refused start loses nothing).
  const started = holder.started === null ? null : startTimeOf(holder.pid);
  return started === null || started === holder.started;
}

/**
 * When a process started, as the system tells it: on Linux the start tick in /proc/<pid>/stat (field 22, counted
 * after the parenthesised command name, which may hold spaces), elsewhere `ps -o lstart=` (macOS, the BSDs); null
 * where neither answers (Windows).
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    if (process.platform === 'linux') return null;
  }
  try {
    return execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}
