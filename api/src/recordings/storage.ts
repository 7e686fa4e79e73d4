/**
 * Where recordings are kept. One small interface because the place will change: today a folder on the API's
 * machine (RECORDINGS_DIR), later an S3-compatible object store, once there are several API instances, or
 * rtpengine on machines of its own, that must all reach the same files. Everything else (the job that stores a
 * call's WAV, playback with Range, the retention purge) talks to this interface only, so that move is one new
 * implementation, not a change to them. Keys are relative paths with '/' (`recordingKey`), valid as object keys.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface RecordingStorage {
  /** Stores the bytes under `key`, replacing what was there; readers never see a half-written file. */
  put(key: string, source: string | Readable): Promise<{ bytes: number }>;
  /** Bytes stored under `key`; undefined when there is nothing. */
  size(key: string): Promise<number | undefined>;
  /** The bytes, or bytes `start` to `end` (both included, as in HTTP's Range). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Removes it; nothing there is no error (a purge may run twice). */
  delete(key: string): Promise<void>;
}

/** `<company>/<São Paulo date of the call>/<call id>.wav`: a company's recordings of a day stay together. */
export const recordingKey = (companyId: number, saoPauloDay: string, callId: number) => `${companyId}/${saoPauloDay}/${callId}.wav`;

/** Path segments of a key: plain names only, so a key can never leave the folder. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
/** Temporary files of put(), beside the recordings so that rename() is atomic (same file system). */
const TEMP_DIR = '.tmp';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Recordings as files under `root` (RECORDINGS_DIR). */
export function createLocalRecordingStorage(root: string): RecordingStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!KEY_PATTERN.test(key) || !path.startsWith(base + sep)) throw new Error(`Chave de gravação inválida: ${key}`);
    return path;
  };
  return {
    async put(key, source) {
      const path = pathOf(key);
      const temp = join(base, TEMP_DIR, `${randomBytes(8).toString('hex')}.part`);
      await mkdir(dirname(temp), { recursive: true });
      await mkdir(dirname(path), { recursive: true });
      try {
        await pipeline(typeof source === 'string' ? createReadStream(source) : source, createWriteStream(temp, { mode: 0o640 }));
        const { size } = await stat(temp);
        await rename(temp, path);
        return { bytes: size };
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async size(key) {
      try {
        const stats = await stat(pathOf(key));
        return stats.isFile() ? stats.size : undefined;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async read(key, range) {
      const stream = createReadStream(pathOf(key), range);
      // Opening fails asynchronously; wait for it so a missing file rejects here, not in the reply.
      await new Promise<void>((done, fail) => stream.once('open', () => done()).once('error', fail));
      return stream;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
