import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { saoPauloDate } from '@consig/shared/credit';
import { buildApp } from '../src/app';
import type { Db } from '../src/db';
import { DEMO_USERS } from '../src/db/demoData';
import type { Job } from '../src/jobs';
import { RECORDING_TEXT } from '../src/recordings/playback';
import { purgeExpiredRecordings } from '../src/recordings/purge';
import { METADATA_NOT_YET_TEXT, RECORDING_JOB, recordingHandler, scheduleRecording } from '../src/recordings/recordingJob';
import { createLocalRecordingStorage } from '../src/recordings/storage';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './harness';
import { pcapOf, PCMA, PCMU, readWav, rms, rtpStream } from './syntheticPcap';

/**
 * Call recordings (docs/rules.md "Call recordings"): the job that turns rtpengine's spool into stored WAVs, the
 * playback and download route, and the retention purge. The test app answers HTTP with its worker off, as every
 * test app; a second instance on the same database runs the jobs with quick retries. Both read the same
 * RECORDINGS_DIR and RECORDINGS_SPOOL_DIR, and the same movable clock.
 */
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_ATTENDANT = 'atendente2@demo.com.br';
const SUPERVISOR = 'supervisor@demo.com.br';
const MANAGER = 'gerente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';

/** Quick retries, yet slow enough that a test sees an attempt waiting for the metadata before the last one. */
const TEST_JOBS = { pollIntervalMs: 50, retry: { baseMs: 300, maxMs: 300 } };

let root: string;
let spool: string;
let store: string;
let now = new Date();
const clock = () => now;
let demo: TestApp;
let worker: FastifyInstance;
const tokens: Record<string, string> = {};
const personIds: Record<string, number> = {};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gravacoes-'));
  spool = join(root, 'spool');
  store = join(root, 'gravacoes');
  for (const folder of ['metadata', 'pcaps', 'tmp']) mkdirSync(join(spool, folder), { recursive: true });
  demo = await startTestApp({ clock, env: { RECORDINGS_DIR: store, RECORDINGS_SPOOL_DIR: spool } });
  worker = await buildApp({ config: demo.config, db: await demo.database.connectAgain(), logger: false, jobs: TEST_JOBS, clock });
  await worker.ready();
  await worker.jobs.start();
  for (const user of DEMO_USERS) {
    tokens[user.email] = await demo.login(user.email);
    const [row] = await demo.db.query<{ id: number }>('select id_pessoa as id from pessoa where lower(em_email) = $1', [user.email]);
    personIds[user.email] = row.id;
  }
});
// Closing the worker waits for a recording job it may be converting: on a busy machine that took past 30 s once.
afterAll(async () => {
  await worker?.close();
  await demo?.close();
  rmSync(root, { recursive: true, force: true });
}, 90_000);

interface CallSpec {
  company?: number;
  attendant?: string;
  startedAt?: Date;
  endedAt?: Date;
  state?: string;
}

/** An answered outbound call that has ended, as Kamailio's events leave it; returns its id and SIP Call-ID. */
async function addCall({
  company = 1,
  attendant = ATTENDANT,
  startedAt = new Date(now.getTime() - 60_000),
  endedAt = now,
  state = 'pendente',
}: CallSpec = {}) {
  // '@', '/', '*' and spaces: a Call-ID is whatever the caller chose.
  const sipCallId = `${randomBytes(6).toString('hex')}@pc33.atlanta.com/x* y`;
  const [row] = await demo.db.query<{ id: number }>(
    `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, nu_ramal, nu_origem, nu_destino, ts_inicio, ts_atendimento,
                          ts_fim, co_situacao, co_sip, co_encerramento, co_gravacao)
     values ($1, $2, 'saida', $3, '1001', '1001', '11987654321', $4, $4, $5, 'encerrada', 200, 'chamador', $6)
     returning id_ligacao as id`,
    [company, sipCallId, personIds[attendant], startedAt.toISOString(), endedAt.toISOString(), state],
  );
  return { id: row.id, sipCallId };
}

/** What rtpengine leaves in the spool when the call ends: the pcap, and the metadata naming it on its first line. */
function spoolRecording(sipCallId: string, pcap: Buffer) {
  const escaped = encodeURIComponent(sipCallId).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const random = randomBytes(8).toString('hex');
  const pcapPath = join(spool, 'pcaps', `${escaped}-${random}.pcap`);
  const metadataPath = join(spool, 'metadata', `rtpengine-meta-${escaped}-${random}.txt`);
  writeFileSync(pcapPath, pcap);
  writeFileSync(
    metadataPath,
    `${pcapPath}\n\n\nTimestamp started ms: 1795727201745.148\nSDP mode: offer\nSDP before RTP packet: 1\n\nv=0\r\n\n` +
      'call start time: 2026-11-26T21:06:41\ncall end time: 2026-11-26T21:06:44\n',
  );
  return { pcapPath, metadataPath };
}

/** Three seconds: the attendant's 440 Hz tone on μ-law, the client's silence on A-law 20 ms later. */
const conversation = () => {
  const startUs = now.getTime() * 1000 - 10_000_000;
  const attendant = rtpStream({
    from: { address: '127.0.0.1', port: 40000 },
    ssrc: 1,
    startUs,
    seconds: 3,
    frequency: 440,
    payloadType: PCMU,
  });
  const client = rtpStream({
    from: { address: '203.0.113.7', port: 16384 },
    ssrc: 2,
    startUs: startUs + 20_000,
    seconds: 3,
    frequency: 0,
    payloadType: PCMA,
  });
  return pcapOf([...attendant, ...client].sort((a, b) => a.timeUs - b.timeUs));
};

const callRow = async (id: number) =>
  (
    await demo.db.query<{ state: string; key: string | null; bytes: string | null; seconds: string | null }>(
      'select co_gravacao as state, de_gravacao as key, nu_bytes_gravacao::text as bytes, nu_segundos_gravacao::text as seconds from ligacao where id_ligacao = $1',
      [id],
    )
  )[0];
const jobOf = async (id: number) =>
  (
    await demo.db.query<{ state: string; attempts: number; error: string | null }>(
      `select co_estado as state, nu_tentativas as attempts, de_erro as error from tarefa where co_tipo = $1 and de_dados->>'idLigacao' = $2`,
      [RECORDING_JOB, String(id)],
    )
  )[0];
const stateBecomes = (id: number, state: string) => eventually(async () => (await callRow(id)).state === state, 10_000);

/** A call recorded through the job, as every answered call is. */
async function recordedCall(spec: CallSpec = {}) {
  const call = await addCall(spec);
  spoolRecording(call.sipCallId, conversation());
  await scheduleRecording(demo.db, spec.company ?? 1, call.id);
  await stateBecomes(call.id, 'gravada');
  // Its job is over (the spool cleared): another one for the call may be scheduled.
  await eventually(async () => (await jobOf(call.id)).state === 'concluida');
  return { ...call, key: (await callRow(call.id)).key! };
}

describe('recording job', () => {
  it('turns the spool’s pcap into a stored stereo WAV, links it to the call and empties the spool', async () => {
    const call = await addCall();
    const files = spoolRecording(call.sipCallId, conversation());
    expect(await scheduleRecording(demo.db, 1, call.id)).toEqual(expect.any(Number));
    // At most one unfinished job per call.
    expect(await scheduleRecording(demo.db, 1, call.id)).toBeNull();
    await stateBecomes(call.id, 'gravada');

    const row = await callRow(call.id);
    const day = saoPauloDate(new Date(now.getTime() - 60_000));
    expect(row.key).toBe(`1/${day}/${call.id}.wav`);
    const wavBytes = readFileSync(join(store, '1', day, `${call.id}.wav`));
    expect(row.bytes).toBe(String(wavBytes.length));
    expect(row.seconds).toBe('3.020');
    const wav = readWav(wavBytes);
    expect(wav).toMatchObject({ format: 1, channels: 2, sampleRate: 8000, bitsPerSample: 16, frames: 24_160 });
    expect(rms(wav.left)).toBeGreaterThan(5000);
    expect(rms(wav.right)).toBeLessThan(10);

    // The spool is emptied after the row is written.
    await eventually(async () => (await jobOf(call.id)).state === 'concluida');
    expect(existsSync(files.pcapPath)).toBe(false);
    expect(existsSync(files.metadataPath)).toBe(false);
    expect(readdirSync(join(store, '.tmp'))).toEqual([]);
  });

  it('retries while the metadata has not arrived, and stores it once it does', async () => {
    const call = await addCall();
    await scheduleRecording(demo.db, 1, call.id);
    await eventually(async () => (await jobOf(call.id)).attempts >= 2, 10_000);
    expect(await jobOf(call.id)).toMatchObject({
      state: expect.stringMatching(/^(pendente|executando)$/),
      error: `Error: ${METADATA_NOT_YET_TEXT}`,
    });
    expect((await callRow(call.id)).state).toBe('pendente');
    spoolRecording(call.sipCallId, conversation());
    await stateBecomes(call.id, 'gravada');
  });

  it('marks the recording failed once the call ended more than 2 minutes ago without metadata', async () => {
    const call = await addCall();
    await scheduleRecording(demo.db, 1, call.id);
    await eventually(async () => (await jobOf(call.id)).attempts >= 2, 10_000);
    now = new Date(now.getTime() + 2 * 60_000 + 1000);
    try {
      await stateBecomes(call.id, 'falhou');
      // Decided by the grace period, not by the queue giving up.
      await eventually(async () => (await jobOf(call.id)).state === 'concluida');
    } finally {
      now = new Date();
    }
  });

  it('marks a pcap without audio failed and clears it from the spool', async () => {
    const call = await addCall();
    const files = spoolRecording(call.sipCallId, pcapOf([]));
    await scheduleRecording(demo.db, 1, call.id);
    await stateBecomes(call.id, 'falhou');
    await eventually(() => !existsSync(files.metadataPath));
    expect(existsSync(files.pcapPath)).toBe(false);
  });

  it('marks a recording whose pcap is gone failed, and only clears the spool of one already stored', async () => {
    const lost = await addCall();
    const lostFiles = spoolRecording(lost.sipCallId, conversation());
    rmSync(lostFiles.pcapPath);
    await scheduleRecording(demo.db, 1, lost.id);
    await stateBecomes(lost.id, 'falhou');
    await eventually(() => !existsSync(lostFiles.metadataPath));

    // A run that stopped after writing the row and before clearing the spool, delivered again.
    const stored = await recordedCall();
    const leftover = spoolRecording(stored.sipCallId, Buffer.from('not even a pcap'));
    expect(await scheduleRecording(demo.db, 1, stored.id)).toEqual(expect.any(Number));
    await eventually(() => !existsSync(leftover.metadataPath));
    expect(existsSync(leftover.pcapPath)).toBe(false);
    expect(await callRow(stored.id)).toMatchObject({ state: 'gravada', key: stored.key });
  });

  it('marks the recording failed, and says why, when no spool is configured', async () => {
    const call = await addCall();
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const handler = recordingHandler({ db: demo.db, storage: createLocalRecordingStorage(store), spoolDir: undefined, clock, log });
    const job = {
      id: 0,
      kind: RECORDING_JOB,
      companyId: 1,
      payload: { idLigacao: call.id },
      attempt: 1,
      maxAttempts: 8,
      signal: new AbortController().signal,
    };
    await handler(job as Job);
    expect((await callRow(call.id)).state).toBe('falhou');
    expect(log.error).toHaveBeenCalledWith(
      { idLigacao: call.id, idEmpresa: 1 },
      expect.stringContaining('RECORDINGS_SPOOL_DIR não está configurado'),
    );
  });
});

describe('GET /telefonia/ligacoes/:id/gravacao', () => {
  let call: Awaited<ReturnType<typeof recordedCall>>;
  let stored: Buffer;
  beforeAll(async () => {
    call = await recordedCall();
    stored = readFileSync(join(store, call.key));
  });

  const path = (id: number, query = '') => `/telefonia/ligacoes/${id}/gravacao${query}`;
  const get = (id: number, email: string | null, headers: Record<string, string> = {}, query = '', method = 'GET') =>
    fetch(demo.url + path(id, query), { method, headers: { ...(email ? { authorization: `Bearer ${tokens[email]}` } : {}), ...headers } });
  const accesses = async (id: number) =>
    demo.db.query<{ person: number; action: string; at: Date }>(
      'select id_pessoa as person, co_acao as action, ts_acesso as at from ligacao_acesso_gravacao where id_ligacao = $1 order by id_acesso',
      [id],
    );
  const errorText = async (response: Response) => ((await response.json()) as { text: string }).text;

  it('plays the whole file with its size and ranges announced', async () => {
    const response = await get(call.id, SUPERVISOR);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(stored.length));
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(stored);
  });

  it('answers a range with 206, and a range past the end with 416', async () => {
    const first = await get(call.id, SUPERVISOR, { range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${stored.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(stored.subarray(0, 100));

    const rest = await get(call.id, SUPERVISOR, { range: 'bytes=1000-' });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-length')).toBe(String(stored.length - 1000));
    expect(Buffer.from(await rest.arrayBuffer())).toEqual(stored.subarray(1000));

    const past = await get(call.id, SUPERVISOR, { range: `bytes=${stored.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${stored.length}`);
    expect(await errorText(past)).toBe(RECORDING_TEXT.unsatisfiable);
  });

  it('sends it as an attachment named after the call and its day with download=1', async () => {
    const response = await get(call.id, MANAGER, {}, '?download=1');
    expect(response.status).toBe(200);
    const day = call.key.split('/')[1];
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="ligacao-${call.id}-${day}.wav"`);
    expect((await response.arrayBuffer()).byteLength).toBe(stored.length);
    expect((await get(call.id, MANAGER, {}, '?download=talvez')).status).toBe(400);
  });

  it('logs every listen once (not each range after the first) and every download', async () => {
    const own = await recordedCall();
    now = new Date('2026-11-26T15:00:00.000Z');
    try {
      const plays = [
        await get(own.id, SUPERVISOR),
        await get(own.id, ATTENDANT, { range: 'bytes=0-' }),
        await get(own.id, ATTENDANT, { range: 'bytes=50000-' }),
        await get(own.id, MANAGER, {}, '?download=1'),
        await get(own.id, SUPERVISOR, {}, '', 'HEAD'),
        await get(own.id, OTHER_ATTENDANT),
      ];
      await Promise.all(plays.map((response) => response.arrayBuffer()));
      expect(plays.map((response) => response.status)).toEqual([200, 206, 206, 200, 200, 403]);
      expect(plays[4].headers.get('content-length')).toBe(String(stored.length));
    } finally {
      now = new Date();
    }
    expect(await accesses(own.id)).toEqual([
      { person: personIds[SUPERVISOR], action: 'ouvir', at: new Date('2026-11-26T15:00:00.000Z') },
      { person: personIds[ATTENDANT], action: 'ouvir', at: new Date('2026-11-26T15:00:00.000Z') },
      { person: personIds[MANAGER], action: 'baixar', at: new Date('2026-11-26T15:00:00.000Z') },
    ]);
  });

  it('lets the call’s attendant, supervisors and managers listen; nobody else', async () => {
    expect((await get(call.id, ATTENDANT)).status).toBe(200);
    expect((await get(call.id, SUPERVISOR)).status).toBe(200);
    expect((await get(call.id, MANAGER)).status).toBe(200);

    const other = await get(call.id, OTHER_ATTENDANT);
    expect(other.status).toBe(403);
    expect(await errorText(other)).toBe(RECORDING_TEXT.othersCall);

    const otherCompany = await get(call.id, OTHER_COMPANY);
    expect(otherCompany.status).toBe(404);
    expect(await errorText(otherCompany)).toBe('Ligação não encontrada.');
    const unknown = await get(2_000_000_000, SUPERVISOR);
    expect(unknown.status).toBe(404);
    expect(await errorText(unknown)).toBe('Ligação não encontrada.');

    expect((await get(call.id, null)).status).toBe(401);
    expect((await accesses(call.id)).map((access) => access.person)).not.toContain(personIds[OTHER_ATTENDANT]);
  });

  it('says why a call has no recording to play', async () => {
    for (const [state, text] of [
      ['pendente', RECORDING_TEXT.pending],
      ['falhou', RECORDING_TEXT.failed],
      ['expirada', RECORDING_TEXT.expired],
      ['nao_gravada', RECORDING_TEXT.unavailable],
    ]) {
      const { id } = await addCall({ state });
      const response = await get(id, SUPERVISOR);
      expect(response.status).toBe(404);
      expect(await errorText(response)).toBe(text);
    }
    expect(RECORDING_TEXT.unavailable).toBe('Gravação não disponível para esta ligação.');
  });

  it('lets a page of another origin read the range headers', async () => {
    const response = await get(call.id, SUPERVISOR, { origin: 'http://localhost:8080', range: 'bytes=0-9' });
    expect(response.status).toBe(206);
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['content-range', 'content-length', 'accept-ranges', 'content-disposition']));
    await response.arrayBuffer();
  });
});

describe('retention purge', () => {
  const DAY = 86_400_000;
  const storage = () => createLocalRecordingStorage(store);

  /** A call `daysAgo` days before the clock, with a stored file (unless `withoutFile`). */
  async function storedCall(company: number, daysAgo: number, withoutFile = false) {
    const startedAt = new Date(now.getTime() - daysAgo * DAY);
    const { id } = await addCall({
      company,
      attendant: company === 1 ? ATTENDANT : OTHER_COMPANY,
      startedAt,
      endedAt: new Date(startedAt.getTime() + 60_000),
      state: 'gravada',
    });
    const key = `${company}/${saoPauloDate(startedAt)}/${id}.wav`;
    if (!withoutFile) await storage().put(key, Readable.from([Buffer.from('RIFF')]));
    await demo.db.query('update ligacao set de_gravacao = $2, nu_bytes_gravacao = 4 where id_ligacao = $1', [id, key]);
    return { id, key };
  }
  const linkOf = async (id: number) =>
    (
      await demo.db.query<{ state: string; key: string | null }>(
        'select co_gravacao as state, de_gravacao as key from ligacao where id_ligacao = $1',
        [id],
      )
    )[0];

  it('deletes, per company, the recordings older than its retention: file and link; recent ones stay', async () => {
    await demo.db.query('update empresa set nu_dias_gravacao = 30 where id_empresa = 2');
    try {
      const old = await storedCall(1, 100);
      const lost = await storedCall(1, 95, true);
      const recent = await storedCall(1, 89);
      const otherOld = await storedCall(2, 31);
      const otherRecent = await storedCall(2, 29);
      const deps = { db: demo.db as Db, storage: storage(), clock };

      // Nothing in the demo data is older than its retention: exactly these go.
      expect(await purgeExpiredRecordings(deps)).toBe(3);
      for (const gone of [old, lost, otherOld]) {
        expect(await linkOf(gone.id)).toEqual({ state: 'expirada', key: null });
        expect(existsSync(join(store, gone.key))).toBe(false);
      }
      for (const kept of [recent, otherRecent]) {
        expect(await linkOf(kept.id)).toEqual({ state: 'gravada', key: kept.key });
        expect(existsSync(join(store, kept.key))).toBe(true);
      }
      expect(await purgeExpiredRecordings(deps)).toBe(0);

      // Ten days later the 89-day-old one has expired too.
      now = new Date(now.getTime() + 10 * DAY);
      expect(await purgeExpiredRecordings(deps)).toBe(2);
      expect(await linkOf(recent.id)).toEqual({ state: 'expirada', key: null });
      expect(existsSync(join(store, recent.key))).toBe(false);
      const response = await fetch(`${demo.url}/telefonia/ligacoes/${recent.id}/gravacao`, {
        headers: { authorization: `Bearer ${tokens[SUPERVISOR]}` },
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { text: string }).text).toBe(RECORDING_TEXT.expired);
    } finally {
      now = new Date();
      await demo.db.query('update empresa set nu_dias_gravacao = 90 where id_empresa = 2');
    }
  });
});
