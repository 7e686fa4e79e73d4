import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One API per PGlite data folder. PGlite is a single-process PostgreSQL and keeps no postmaster.pid of
 * its own, so two processes on one folder would both open it and corrupt it. The API holds a lock file
 * in the folder (like PostgreSQL's postmaster.pid) while it runs.
 *
 * The file records the holder's pid and, on Linux, the boot and the moment that process started: a pid
 * outlives its process once the file is left behind (a crash, a SIGKILL), and the system may give it to
 * another process later (a container restarting gives the API the same small pid every time). A lock
 * whose process is gone, or whose pid now belongs to another process, is stale and taken over.
 */
export const LOCK_FILE = 'api.lock';

export interface DataDirLock {
  /** Removes the lock file (also done when the process exits). */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `A pasta de dados ${dataDir} já está em uso pelo processo ${pid} (outra API). ` +
        'Encerre esse processo ou use outra pasta em DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Holder {
  pid: number;
  /** Linux only: /proc/sys/kernel/random/boot_id and the process's start time (clock ticks since boot). */
  bootId?: string;
  startTime?: string;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Start time of a running process, field 22 of /proc/<pid>/stat (after the command name, which may hold spaces). */
function startTimeOf(pid: number): string | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function describe(pid: number): Holder {
  return { pid, bootId: readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim(), startTime: startTimeOf(pid) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process recorded in a lock file still runs (the same process, not a later one with its pid). */
function holds(holder: Holder): boolean {
  if (!isAlive(holder.pid)) return false;
  const now = describe(holder.pid);
  if (holder.bootId && now.bootId && holder.bootId !== now.bootId) return false;
  if (holder.startTime && now.startTime && holder.startTime !== now.startTime) return false;
  return true;
}

function parseHolder(text: string | undefined): Holder | undefined {
  try {
    const holder = JSON.parse(text ?? '') as Holder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Creates `file` with `content` unless it exists; false when it does. */
function createExclusively(file: string, draft: string, content: string): boolean {
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code ?? '')) throw error;
  }
  // A file system without hard links (some virtual machines' shared folders): an exclusive create.
  try {
    writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes a stale lock file, unless it changed since it was judged stale: two APIs starting together over
 * a stale lock both judge it so, and the second must not remove the lock the first has just taken. The
 * file is moved aside first (atomic) and put back if it turns out to be a new one.
 */
function removeStale(file: string, staleContent: string | undefined): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Already gone.
  }
  if (readOrUndefined(aside) !== staleContent) {
    try {
      linkSync(aside, file);
    } catch {
      // Yet another process locked meanwhile; the next attempt reads its lock.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Locks `dataDir` (created when missing) for this process, or throws DataDirLockedError naming the
 * process that holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const content = JSON.stringify(describe(process.pid));
  // Written aside and then hard-linked into place: link fails when the lock exists, and a reader never
  // sees a half-written lock file (which it would take for a stale one).
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, content);
  try {
    for (let attempt = 1; ; attempt += 1) {
      if (createExclusively(file, draft, content)) break;
      const found = readOrUndefined(file);
      const holder = parseHolder(found);
      if (holder && holds(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      if (attempt === 3) throw new Error(`Não foi possível travar a pasta de dados ${dataDir} (arquivo ${file}).`);
      removeStale(file, found);
    }
  } finally {
    rmSync(draft, { force: true });
  }

  const release = () => {
    process.removeListener('exit', release);
    // Only our own lock: never a successor's.
    if (readOrUndefined(file) === content) unlinkSync(file);
  };
  process.on('exit', release);
  return { release };
}
