/**
 * rtpengine's recording spool (RECORDINGS_SPOOL_DIR, its `--recording-dir`): while a call is up it writes
 * `pcaps/<Call-ID>-<16 hex>.pcap` and `tmp/rtpengine-meta-<Call-ID>-<16 hex>.tmp`; when the call ends the
 * metadata file moves to `metadata/…txt`, whose first line is the finished pcap's absolute path. The Call-ID
 * comes from the SIP network (any caller may choose it), so it never becomes part of a path here: file names
 * listed from the folder are compared with it, escaped as rtpengine escapes it.
 */
import { open, readdir, realpath, rm, stat } from 'node:fs/promises';
import { isAbsolute, join, sep } from 'node:path';

/** The spool holds something that is not what rtpengine writes (a pcap path outside the spool...). */
export class SpoolError extends Error {
  override name = 'SpoolError';
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The Call-ID as it appears in rtpengine's file names: `g_uri_escape_string(callid, NULL, FALSE)`
 * (daemon/recording.c), which keeps RFC 3986's unreserved characters and writes every other byte of its UTF-8
 * as %XX, upper-case.
 */
export function rtpengineEscape(callId: string): string {
  let escaped = '';
  for (const byte of Buffer.from(callId, 'utf8')) {
    const char = String.fromCharCode(byte);
    escaped += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return escaped;
}

/** What rtpengine adds after the Call-ID: a dash, 16 random hex digits, the extension. */
const METADATA_SUFFIX = /^-[0-9a-f]{16}\.txt$/;
const METADATA_PREFIX = 'rtpengine-meta-';
/** The first line is a path; the rest (SDPs, times) is not needed. */
const FIRST_LINE_BYTES = 4096;

export interface SpoolRecording {
  metadataPath: string;
  /** Undefined when the pcap is gone (deleted by an earlier run that stopped before deleting the metadata). */
  pcapPath: string | undefined;
}

async function firstLine(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(FIRST_LINE_BYTES);
    const { bytesRead } = await file.read(buffer, 0, FIRST_LINE_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.indexOf('\n');
    if (end < 0) throw new SpoolError(`Metadados de gravação sem a primeira linha completa: ${path}`);
    return text.slice(0, end).trim();
  } finally {
    await file.close();
  }
}

/** The pcap a metadata file names, which must be a file inside the spool (after links are followed). */
async function pcapOf(metadataPath: string, spoolRoot: string): Promise<string | undefined> {
  const named = await firstLine(metadataPath);
  if (!isAbsolute(named)) throw new SpoolError(`Metadados de gravação sem o caminho do pcap: ${metadataPath}`);
  let real: string;
  try {
    real = await realpath(named);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!real.startsWith(spoolRoot + sep) || !(await stat(real)).isFile()) {
    throw new SpoolError(`O pcap dos metadados ${metadataPath} não é um arquivo dentro da pasta de gravações do rtpengine.`);
  }
  return real;
}

/**
 * The finished recordings of the call with SIP `callId`, newest first (normally one; more when rtpengine
 * restarted during the call). Empty while the call's metadata has not been moved to `metadata/` yet.
 */
export async function findSpoolRecordings(spoolDir: string, callId: string): Promise<SpoolRecording[]> {
  const spoolRoot = await realpath(spoolDir);
  const folder = join(spoolRoot, 'metadata');
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const prefix = METADATA_PREFIX + rtpengineEscape(callId);
  const matching = names.filter((name) => name.startsWith(prefix) && METADATA_SUFFIX.test(name.slice(prefix.length)));
  const found = await Promise.all(
    matching.map(async (name) => {
      const metadataPath = join(folder, name);
      return { metadataPath, pcapPath: await pcapOf(metadataPath, spoolRoot), modified: (await stat(metadataPath)).mtimeMs };
    }),
  );
  return found.sort((a, b) => b.modified - a.modified).map(({ metadataPath, pcapPath }) => ({ metadataPath, pcapPath }));
}

/** Deletes a converted recording from the spool: the pcap first, so the metadata (its index) goes last. */
export async function removeSpoolRecording({ metadataPath, pcapPath }: SpoolRecording): Promise<void> {
  if (pcapPath) await rm(pcapPath, { force: true });
  await rm(metadataPath, { force: true });
}
