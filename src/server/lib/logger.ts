/** JSON lines on stdout: one object per event, easy to ship to any log store. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * Lines written in the same turn of the event loop go out in one write: a busy server can log many lines at once, and
 * one system call per line would cost more than the request itself.
 */
function stdoutBatched(): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    process.stdout.write(chunk);
  };
  process.on('exit', flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

export function createLogger(level: LogLevel, write: (line: string) => void = stdoutBatched()): Logger {
  const min = ORDER[level];
  const log = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
