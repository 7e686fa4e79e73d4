import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './dataDirLock';

const API_DIR = join(__dirname, '..', '..');
let root: string;
let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'consig-lock-'));
  dataDir = join(root, 'pglite');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** Another process holding the folder's lock, the way a running API does; resolves once it holds it. */
async function lockInAnotherProcess(dir: string): Promise<ChildProcess> {
  const script = `require('./src/db/dataDirLock.ts').lockDataDir(${JSON.stringify(dir)}); console.log('locked');
    process.stdin.on('data', () => process.exit(0));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: API_DIR, stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  await once(child.stdout!, 'data');
  return child;
}

/** The pid of a process that has already ended. */
function pidOfEndedProcess(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout);
}

function writeLock(content: object): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify(content));
}

test('a folder locked by a running process cannot be locked again, and the error names the folder and the process', async () => {
  const holder = await lockInAnotherProcess(dataDir);

  let error: unknown;
  try {
    lockDataDir(dataDir);
  } catch (caught) {
    error = caught;
  }

  expect(error).toBeInstanceOf(DataDirLockedError);
  expect((error as Error).message).toBe(
    `A pasta de dados ${dataDir} já está em uso pelo processo ${holder.pid} (outra API). Encerre esse processo ou use outra pasta em DATA_DIR.`,
  );
});

test('a process that ends normally releases the folder', async () => {
  const holder = await lockInAnotherProcess(dataDir);
  holder.stdin!.write('exit\n');
  await once(holder, 'exit');

  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  lockDataDir(dataDir).release();
});

test('a lock left behind by a killed process is taken over', async () => {
  const holder = await lockInAnotherProcess(dataDir);
  holder.kill('SIGKILL');
  await once(holder, 'exit');
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);

  const lock = lockDataDir(dataDir);

  expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
  lock.release();
});

test('a lock naming a process that no longer runs is taken over', () => {
  writeLock({ pid: pidOfEndedProcess() });

  const lock = lockDataDir(dataDir);

  expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
  lock.release();
});

test('a lock whose pid now belongs to another process (started later) is taken over', () => {
  // Say a container restarted and another process got the pid recorded before the restart.
  writeLock({ pid: process.pid, startTime: '1' });

  const lock = lockDataDir(dataDir);

  expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
  expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).startTime).not.toBe('1');
  lock.release();
});

test('release frees the folder for the next API, and a second lock in the same process is refused meanwhile', () => {
  const lock = lockDataDir(dataDir);
  expect(() => lockDataDir(dataDir)).toThrow(`já está em uso pelo processo ${process.pid}`);

  lock.release();

  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  lockDataDir(dataDir).release();
});

test('the folder is created when missing and holds nothing but the lock file', () => {
  const lock = lockDataDir(join(dataDir, 'nested'));
  expect(readdirSync(join(dataDir, 'nested'))).toEqual([LOCK_FILE]);
  lock.release();
  expect(readdirSync(join(dataDir, 'nested'))).toEqual([]);
});
