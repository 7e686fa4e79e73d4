// `npm run bench:telephony` runs this first (scripts/benchTelephony.mjs; `-- --trunk` runs it alone): the SIP edge's
// capacity for attendants' calls out through the trunk, every call recorded; printed, never asserted.
//
// A real Kamailio (telephony/kamailio.cfg) and rtpengine (recording on), started as the launcher starts them, ask
// the API (tooling's startApi: the production build when fresh, else the sources; on a throwaway PostgreSQL
// database, the production one) for every call's decision and report its events. SIPp plays both ends: extension
// 1001 calling numbers that belong to no client (telephony/sipp/attendant-calls.xml: Kamailio's 407 answered with
// its auth_ephemeral credentials, then 20 ms PCMA packets of a sox tone) and the carrier's gateway on 127.0.0.2, the
// trunk (carrier-answers.xml: 401 challenge, 180/200, plain RTP/AVP, every packet echoed back). Each step places N
// calls, `--cps` new ones a second, holds all N up for `--window` seconds (the window) and hangs them up; steps
// grow (`--steps`) until one breaks a limit.
//
// Per step:
//   - calls set up per second: answered calls over the time from the first INVITE to the last 200 OK (SIPp's rtd
//     "setup", -trace_rtt), at the offered `--cps`;
//   - set-up time p50/p99: the first INVITE (before the 407) to the 200 OK, per call from SIPp's rtt file: the
//     challenge, the API's decision, rtpengine's offer/answer and the trunk's 401 round included;
//   - loss and jitter, on the wire and independent of rtpengine's own counters: dumpcap captures rtpengine's port
//     range on loopback during the window (RTP headers only; its drops are printed) and tshark's `-z rtp,streams`
//     gives each stream's packets, sequence gaps and RFC 3550 jitter. Loss is the relay's: gaps in what rtpengine
//     sends on less those already in what it was given (SIPp's echo has its own, printed apart as the round trip's);
//     jitter is that of the streams rtpengine sends: the mean of the streams' means, and the worst stream's mean
//     (the limit's figure); SIPp's own sending jitter is printed beside it;
//   - CPU per call, from utime+stime in /proc/<pid>/stat, as % of one core divided by N: rtpengine over the window
//     (all N up: the media is its work), Kamailio (all its processes) over the whole step (set-up and hang-up are
//     its work; also as CPU milliseconds per call);
//   - recording bytes per call-minute: the growth of rtpengine's spool pcaps over the window, and the WAVs the API's
//     'gravacao' job makes once the calls end (nu_bytes_gravacao / nu_segundos_gravacao of the step's records).
// Then the highest N within the limits (loss ≤ 0.5%, jitter ≤ 20 ms, set-up p99 ≤ 300 ms, every call set up) against
// the goal: 100 concurrent recorded calls on this 2-core machine. The machine's load is printed per step: the
// figures are this machine's, with whatever else runs on it.
//
// Flags: --steps=25,50,100,150,200,300,400,600,800 --window=60 (seconds, ≥ 5) --cps=20.
// Needs kamailio, rtpengine, sipp (sip-tester), tshark (dumpcap) and sox; PostgreSQL at TEST_POSTGRES_URL's server
// (default postgres://postgres@127.0.0.1:5432/test).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startApi } from '@consig/tooling/product';
import { attendantsCalling, carrierAnswering, INSTALL_SIPP, SIPP_PATH, type Sipp } from '@consig/tooling/test-support/carrier';
import {
  INSTALL_COMMAND,
  kamailioInstalled,
  ngSocket,
  rtpengineSettings,
  startKamailio,
  startRtpengine,
  telephonySettings,
} from '@consig/tooling/test-support/telephony';
// The API's own minting of an extension's SIP credentials (GET /atendente/ramal's). Read from the source file, as
// e2e does not depend on the API package (the product runs it as a separate process).
// eslint-disable-next-line import-x/no-relative-packages -- see above
import { ephemeralCredentials } from '../../api/src/attendant/sip';

// ---------------------------------------------------------------------------------------------------
// Settings.

const flag = (name: string, fallback: string) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3) ?? fallback;
const STEPS = flag('steps', '25,50,100,150,200,300,400,600,800').split(',').map(Number);
const WINDOW_S = Number(flag('window', '60'));
const CPS = Number(flag('cps', '20'));
if (STEPS.some((n) => !Number.isInteger(n) || n < 1) || !(WINDOW_S >= 5) || !(CPS > 0)) {
  throw new Error('Uso: --steps=25,50,100 (chamadas simultâneas) --window=60 (segundos, ≥ 5) --cps=20');
}

const LIMITS = { lossPercent: 0.5, jitterMs: 20, setupP99Ms: 300 };
const GOAL = 100;
const REALM = 'pabx.bench.test';
const SECRET = 'segredo-do-bench-de-telefonia';
const API_SECRET = 'segredo-do-kamailio-para-a-api-bench';
const TRUNK = { user: 'consig', password: 'senha-da-operadora' };
const EXTENSION = '1001';
/** The carrier on an address of its own: Kamailio takes requests from SIP_TRUNK_ADDRESSES as the carrier's. */
const CARRIER_HOST = '127.0.0.2';
/** rtpengine's ports (4 a call: 2,000 calls): below the ephemeral range, away from npm start's 30000–31999 and the tests'. */
const RTP_PORTS = { min: 20000, max: 27999 };
/** Where SIPp's media ports are looked for (each takes port and port + 2). */
const SIPP_MEDIA_PORTS = { min: 28000, max: 28996 };
/** Headers only: link (14) + IP (20) + UDP (8) + RTP (12). */
const SNAPLEN = 64;
const API_ENV = { API_HOST: '127.0.0.1', LOG_LEVEL: 'silent', PROSPECT_BASE_ROWS: '4000' };

// ---------------------------------------------------------------------------------------------------
// Small helpers.

type BenchLib = {
  freePort(): Promise<number>;
  percentile(sorted: number[], p: number): number;
  withClient<T>(
    url: string,
    fn: (client: { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }) => Promise<T>,
  ): Promise<T>;
  withThrowawayDatabase<T>(prefix: string, fn: (url: string, name: string) => Promise<T>): Promise<T>;
  sampleMemory(pid: number, everyMs?: number): { stop(): { rssBefore: number; rssPeak: number; hwm: number } };
};
/** The load benchmarks' shared helpers (scripts/benchLib.mjs, an ES module): free ports, the throwaway database... */
const loadBenchLib = async () => (await import(pathToFileURL(join(__dirname, '..', '..', 'scripts', 'benchLib.mjs')).href)) as BenchLib;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function bindsUdp(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, host, () => socket.close(() => resolve(true)));
  });
}

/** A UDP port the OS picks on `host`. */
async function freeUdpPort(host = '127.0.0.1'): Promise<number> {
  const socket = createSocket('udp4');
  socket.bind(0, host);
  await once(socket, 'listening');
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** A SIPp media port on `host` whose port + 2 (SIPp's video socket) is free too, outside rtpengine's range. */
async function freeMediaPort(host: string, taken: number[] = []): Promise<number> {
  for (let port = SIPP_MEDIA_PORTS.min; port <= SIPP_MEDIA_PORTS.max; port += 4) {
    if (taken.some((other) => Math.abs(other - port) < 4)) continue;
    if ((await bindsUdp(port, host)) && (await bindsUdp(port + 2, host))) return port;
  }
  throw new Error(`Nenhuma porta de mídia livre para o SIPp entre ${SIPP_MEDIA_PORTS.min} e ${SIPP_MEDIA_PORTS.max}.`);
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** A process's fields after its name in /proc/<pid>/stat (index 0 is field 3, state), or undefined when gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (utime + stime, all threads) of `pid` and, with `children`, of every process whose parent it is. */
function cpuSeconds(pid: number, children = false): number {
  const ticks = (fields: string[] | undefined) => (fields ? Number(fields[11]) + Number(fields[12]) : 0);
  let total = ticks(statFields(pid));
  if (children) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const fields = statFields(Number(entry));
      if (fields && Number(fields[1]) === pid) total += ticks(fields);
    }
  }
  return total / CLOCK_TICKS;
}

/** The machine's CPU time so far (all cores): busy and total, in ticks (/proc/stat). */
function machineCpu(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - values[3] - values[4], total };
}

/** A snapshot of every CPU counter a step reads; `cpuPercent` turns two into % of one core. */
function cpuSnapshot(pids: { rtpengine: number; kamailio: number; api: number; carrier: number; caller?: number }) {
  return {
    at: performance.now(),
    rtpengine: cpuSeconds(pids.rtpengine),
    kamailio: cpuSeconds(pids.kamailio, true),
    api: cpuSeconds(pids.api),
    carrier: cpuSeconds(pids.carrier),
    caller: pids.caller ? cpuSeconds(pids.caller) : 0,
    machine: machineCpu(),
  };
}
type CpuSnapshot = ReturnType<typeof cpuSnapshot>;
const cpuPercent = (from: CpuSnapshot, to: CpuSnapshot, key: 'rtpengine' | 'kamailio' | 'api' | 'carrier' | 'caller') =>
  ((to[key] - from[key]) / ((to.at - from.at) / 1000)) * 100;
const machineBusy = (from: CpuSnapshot, to: CpuSnapshot) =>
  ((to.machine.busy - from.machine.busy) / (to.machine.total - from.machine.total)) * 100;

/** Every pcap of rtpengine's spool and its size now. */
function spoolPcaps(spoolDir: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const folder = join(spoolDir, 'pcaps');
  if (!existsSync(folder)) return sizes;
  for (const name of readdirSync(folder)) {
    try {
      sizes.set(name, statSync(join(folder, name)).size);
    } catch {
      // Converted and removed meanwhile.
    }
  }
  return sizes;
}

// ---------------------------------------------------------------------------------------------------
// The wire: dumpcap during the window, tshark's RTP stream analysis afterwards.

/** Starts dumpcap on loopback for rtpengine's ports, `seconds` long; resolves with its drop count once it ends. */
function capture(file: string, seconds: number) {
  const child = spawn(
    'dumpcap',
    [
      '-i',
      'lo',
      '-f',
      `udp portrange ${RTP_PORTS.min}-${RTP_PORTS.max}`,
      '-s',
      String(SNAPLEN),
      '-B',
      '64',
      '-P',
      '-w',
      file,
      '-a',
      `duration:${seconds}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const ended = once(child, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`dumpcap terminou com ${code}: ${errors}`);
    // "Packets received/dropped on interface 'lo': 123/0 (pcap:0/dumpcap:0/flushed:0/ps_ifdrop:0)"
    const counts = /received\/dropped on interface '[^']+': (\d+)\/(\d+)/.exec(errors);
    return { received: Number(counts?.[1] ?? NaN), dropped: Number(counts?.[2] ?? NaN) };
  });
  return { pid: child.pid!, ended };
}

interface RtpStream {
  src: string;
  dst: string;
  ssrc: string;
  packets: number;
  lost: number;
  meanJitter: number;
  maxJitter: number;
}

/** tshark's `-z rtp,streams` table, one row a stream (rtpengine's ports decoded as RTP: the capture has no SDP). */
function rtpStreams(file: string): RtpStream[] {
  const result = spawnSync(
    'tshark',
    ['-n', '-q', '-r', file, '-d', `udp.port==${RTP_PORTS.min}-${RTP_PORTS.max},rtp`, '-z', 'rtp,streams'],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`tshark terminou com ${result.status}: ${result.stderr}`);
  const streams: RtpStream[] = [];
  // Start End SrcIP SrcPort DstIP DstPort SSRC Payload Pkts Lost(n (x%)) MinDelta MeanDelta MaxDelta MinJitter MeanJitter MaxJitter [Problem]
  const row =
    /^\s*[\d.]+\s+[\d.]+\s+(\S+)\s+(\d+)\s+(\S+)\s+(\d+)\s+(0x[0-9A-Fa-f]+)\s+\S+\s+(\d+)\s+(-?\d+)\s+\([^)]*\)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)/;
  for (const line of result.stdout.split('\n')) {
    const match = row.exec(line);
    if (!match) continue;
    const [, srcIp, srcPort, dstIp, dstPort, ssrc, packets, lost, meanJitter, maxJitter] = match;
    streams.push({
      src: `${srcIp}:${srcPort}`,
      dst: `${dstIp}:${dstPort}`,
      ssrc,
      packets: Number(packets),
      lost: Number(lost),
      meanJitter: Number(meanJitter),
      maxJitter: Number(maxJitter),
    });
  }
  return streams;
}

/**
 * The relay's figures from the streams on the wire. Each call has four: the caller's (SIPp → rtpengine), relayed to
 * the carrier (rtpengine → carrier), echoed (carrier → rtpengine) and relayed back (rtpengine → caller), all with
 * the caller's SSRC and sequence numbers (nobody renumbers). A gap in what rtpengine sends on that is not already
 * in what it was given is the relay's loss.
 */
function relayFigures(streams: RtpStream[], caller: string, carrier: string) {
  const fromCaller = streams.filter((s) => s.src === caller);
  const toCarrier = streams.filter((s) => s.dst === carrier);
  const fromCarrier = streams.filter((s) => s.src === carrier);
  const toCaller = streams.filter((s) => s.dst === caller);
  const sum = (list: RtpStream[], key: 'packets' | 'lost') => list.reduce((total, s) => total + s[key], 0);
  // Caller → carrier: the caller's own stream has no gaps (SIPp numbers only what it sent).
  const lostOut = sum(toCarrier, 'lost') - sum(fromCaller, 'lost');
  // Carrier → caller: the echo carries the gaps of the first leg and of the echo itself.
  const lostBack = sum(toCaller, 'lost') - sum(fromCarrier, 'lost');
  const expected = sum(toCarrier, 'packets') + sum(toCarrier, 'lost') + sum(toCaller, 'packets') + sum(toCaller, 'lost');
  const relayed = [...toCarrier, ...toCaller];
  const mean = (list: RtpStream[], key: 'meanJitter' | 'maxJitter') => list.reduce((total, s) => total + s[key], 0) / list.length;
  return {
    streams: { fromCaller: fromCaller.length, toCarrier: toCarrier.length, fromCarrier: fromCarrier.length, toCaller: toCaller.length },
    packets: sum(relayed, 'packets'),
    lossPercent: ((Math.max(0, lostOut) + Math.max(0, lostBack)) / expected) * 100,
    endToEndLossPercent: (sum(toCaller, 'lost') / (sum(toCaller, 'packets') + sum(toCaller, 'lost'))) * 100,
    jitterMean: mean(relayed, 'meanJitter'),
    jitterWorstMean: Math.max(...relayed.map((s) => s.meanJitter)),
    jitterPeak: Math.max(...relayed.map((s) => s.maxJitter)),
    senderJitterMean: mean(fromCaller, 'meanJitter'),
  };
}

// ---------------------------------------------------------------------------------------------------
// SIPp's files.

/** Every call's set-up: when it started and how long it took (ms, SIPp's clock), from the rtt file. */
function setups(dir: string): { start: number; end: number; ms: number }[] {
  const file = readdirSync(dir).find((name) => name.endsWith('_rtt.csv'));
  if (!file) return [];
  return readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split(';'))
    .filter((fields) => fields.length >= 3 && fields[2].trim() === 'setup')
    .map(([date, rtt]) => ({ start: Number(date) - Number(rtt), end: Number(date), ms: Number(rtt) }));
}

/** The last line of SIPp's statistics file (-trace_stat), by column name. */
function lastStatistics(dir: string): Record<string, string> {
  const file = readdirSync(dir).find((name) => /_\d+_\.csv$/.test(name));
  if (!file) return {};
  const lines = readFileSync(join(dir, file), 'utf8').trim().split('\n');
  const header = lines[0].split(';');
  const last = lines[lines.length - 1].split(';');
  return Object.fromEntries(header.map((name, index) => [name, last[index]]));
}

// ---------------------------------------------------------------------------------------------------

interface StepResult {
  calls: number;
  answered: number;
  failed: number;
  setupRate: number;
  p50: number;
  p99: number;
  lossPercent: number;
  jitterMean: number;
  jitterWorstMean: number;
  /** Every answered call's record closed and its WAV made. */
  recordedAll: boolean;
  passes: boolean;
}

async function main() {
  console.log('\n▶ Telefonia pelo tronco: SIPp → Kamailio + rtpengine (gravando) → SIPp como operadora');
  if (!kamailioInstalled()) throw new Error(`Kamailio ou rtpengine não encontrado. Instale com: sudo ${INSTALL_COMMAND}`);
  if (!existsSync(SIPP_PATH)) throw new Error(`SIPp não encontrado em ${SIPP_PATH}. Instale com: sudo ${INSTALL_SIPP}`);
  for (const tool of ['dumpcap', 'tshark', 'sox']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} não encontrado: apt-get install -y tshark sox`);
  }
  if (!(await bindsUdp(0, CARRIER_HOST))) throw new Error(`O endereço ${CARRIER_HOST} não está disponível (loopback).`);

  const lib = await loadBenchLib();
  const work = mkdtempSync(join(tmpdir(), 'consig-bench-tronco-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    await lib.withThrowawayDatabase('consig_telefonia', async (databaseUrl, databaseName) => {
      try {
        const started = performance.now();
        const { settings: media, problems } = rtpengineSettings({
          env: { RTP_PORT_MIN: String(RTP_PORTS.min), RTP_PORT_MAX: String(RTP_PORTS.max) },
          stateDir: work,
          ngPort: await freeUdpPort(),
          listen: '127.0.0.1',
        });
        if (problems.length > 0) throw new Error(problems.join('; '));
        const apiPort = await lib.freePort();
        const api = (await startApi({
          port: apiPort,
          env: {
            ...API_ENV,
            DATABASE_URL: databaseUrl,
            SIP_SECRET: SECRET,
            SIP_API_SECRET: API_SECRET,
            SIP_REALM: REALM,
            RECORDINGS_SPOOL_DIR: media.spoolDir,
            RECORDINGS_DIR: join(work, 'gravacoes'),
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        })) as unknown as { child: ChildProcess; stop(): Promise<void> };
        stops.unshift(() => api.stop());
        const apiPid = api.child.pid!;
        const rtpengine = await startRtpengine(media);
        stops.unshift(() => rtpengine.stop());
        const carrierPort = await freeUdpPort(CARRIER_HOST);
        const carrierMedia = await freeMediaPort(CARRIER_HOST);
        const carrier = carrierAnswering({ port: carrierPort, mediaPort: carrierMedia, ...TRUNK, host: CARRIER_HOST, trace: false });
        stops.unshift(() => carrier.stop());
        const settings = telephonySettings({
          env: {
            SIP_SECRET: SECRET,
            SIP_REALM: REALM,
            SIP_API_SECRET: API_SECRET,
            SIP_TRUNK_URI: `sip:${CARRIER_HOST}:${carrierPort}`,
            SIP_TRUNK_USER: TRUNK.user,
            SIP_TRUNK_PASSWORD: TRUNK.password,
            SIP_TRUNK_ADDRESSES: CARRIER_HOST,
          },
          stateDir: work,
          wsPort: await lib.freePort(),
          sipPort: await lib.freePort(),
          listenHost: '127.0.0.1',
          apiUrl: `http://127.0.0.1:${apiPort}`,
          rtpengine: ngSocket(media.ngPort),
        });
        const kamailio = await startKamailio(settings);
        stops.unshift(() => kamailio.stop());
        console.log(
          `  banco ${databaseName} (PostgreSQL); API, rtpengine (portas ${RTP_PORTS.min}–${RTP_PORTS.max}, ${media.spoolDir}), Kamailio (udp 127.0.0.1:${settings.sipPort}) e a operadora (SIPp, ${CARRIER_HOST}:${carrierPort}) prontos em ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );

        // A tone the attendants "speak" (raw A-law, 8 kHz: SIPp sends the file's bytes as they are).
        const audio = join(work, 'tom.al');
        const sox = spawnSync('sox', [
          '-n',
          '-r',
          '8000',
          '-c',
          '1',
          '-e',
          'a-law',
          '-t',
          'al',
          audio,
          'synth',
          '10',
          'sine',
          '440',
          'vol',
          '0.5',
        ]);
        if (sox.status !== 0) throw new Error(`sox: ${sox.stderr}`);
        const numbers = await freeNumbers(
          lib,
          databaseUrl,
          STEPS.reduce((sum, n) => sum + n, 0),
        );
        const callerMedia = await freeMediaPort('127.0.0.1');

        console.log(
          `  ${STEPS.join(', ')} chamadas simultâneas do ramal ${EXTENSION} a números sem cliente, ${CPS} novas/s; todas no ar por ${WINDOW_S} s (a janela medida); limites: perda ≤ ${LIMITS.lossPercent}%, jitter ≤ ${LIMITS.jitterMs} ms, p99 do estabelecimento ≤ ${LIMITS.setupP99Ms} ms`,
        );
        console.log(
          `  ${'N'.padStart(4)} ${'ok/falha'.padStart(9)} ${'cham./s'.padStart(7)} ${'estab. p50'.padStart(10)} ${'p99'.padStart(7)} ${'perda'.padStart(7)} ${'jitter méd/pior'.padStart(16)} ${'CPU rtpe/ch'.padStart(11)} ${'CPU kam/ch'.padStart(10)} ${'pcap/ch-min'.padStart(11)} ${'WAV/ch-min'.padStart(10)}`,
        );

        const results: StepResult[] = [];
        let used = 0;
        for (const calls of STEPS) {
          const stepNumbers = numbers.slice(used, used + calls);
          used += calls;
          const result = await runStep({
            calls,
            numbers: stepNumbers,
            lib,
            databaseUrl,
            audio,
            work,
            kamailioAddress: `127.0.0.1:${settings.sipPort}`,
            callerMedia,
            carrier: `${CARRIER_HOST}:${carrierMedia}`,
            spoolDir: media.spoolDir,
            pids: { rtpengine: rtpengine.pid!, kamailio: kamailio.pid!, api: apiPid, carrier: carrier.pid! },
            kamailioLog: settings.logFile,
          });
          results.push(result);
          if (!result.passes) {
            console.log(`  passo de ${calls} chamadas fora dos limites: os seguintes não são tentados.`);
            break;
          }
        }
        const best = results.filter((result) => result.passes).reduce((max, result) => Math.max(max, result.calls), 0);
        const unrecorded = results.filter((result) => result.answered > 0 && !result.recordedAll).map((result) => result.calls);
        console.log(
          `\n  Maior N dentro dos limites (perda ≤ ${LIMITS.lossPercent}%, jitter ≤ ${LIMITS.jitterMs} ms, p99 ≤ ${LIMITS.setupP99Ms} ms, todas estabelecidas): ${best || 'nenhum'} chamadas simultâneas gravadas; meta ≥ ${GOAL} nesta máquina de ${
            readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? '?'
          } núcleos: ${best >= GOAL ? 'atingida' : results.some((result) => result.calls >= GOAL) ? 'não atingida' : 'não medida (nenhum passo chegou lá)'}${unrecorded.length ? `; passos com registro sem fim ou WAV faltando: ${unrecorded.join(', ')}` : '; toda chamada atendida teve seu registro encerrado e seu WAV'}.`,
        );
      } finally {
        for (const stop of stops.splice(0)) await stop().catch((error: unknown) => console.error(error));
      }
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `count` numbers (DDD 11, mobile) that no client of the demo data has and that are not on the "Não Me Perturbe" list. */
async function freeNumbers(lib: BenchLib, databaseUrl: string, count: number): Promise<string[]> {
  const candidates = Array.from({ length: count + 200 }, (_, index) => `1197${String(1_000_000 + index).padStart(7, '0')}`);
  const taken = await lib.withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select co_ddd || co_telefone as number from telefone where co_ddd || co_telefone = any($1)
       union select co_telefone from nao_perturbe where co_telefone = any($1)`,
      [candidates],
    );
    return new Set(rows.map((row) => String(row.number)));
  });
  const free = candidates.filter((number) => !taken.has(number));
  if (free.length < count) throw new Error('Poucos números livres para o bench.');
  return free.slice(0, count);
}

async function runStep(options: {
  calls: number;
  numbers: string[];
  lib: BenchLib;
  databaseUrl: string;
  audio: string;
  work: string;
  kamailioAddress: string;
  callerMedia: number;
  carrier: string;
  spoolDir: string;
  pids: { rtpengine: number; kamailio: number; api: number; carrier: number };
  kamailioLog: string;
}): Promise<StepResult> {
  const { calls, lib, work } = options;
  const numbersFile = join(work, `numeros-${calls}.csv`);
  // Dialled as an attendant dials: the leading 0, DDD, number.
  writeFileSync(numbersFile, `SEQUENTIAL\n${options.numbers.map((number) => `0${number};`).join('\n')}\n`);
  const rampMs = Math.ceil((calls / CPS) * 1000);
  // Every call stays up through the ramp and the window (plus a margin), so all N are up for the whole window.
  const talkMs = rampMs + WINDOW_S * 1000 + 3000;
  // An hour: SIPp does not renew them, and a step (its ramp, window and hang-ups) must never outlive them.
  const credentials = ephemeralCredentials(EXTENSION, { secret: SECRET, realm: REALM, wsUrl: '', credentialSeconds: 3600 });
  const kamailioLogBefore = statSync(options.kamailioLog).size;
  const memory = lib.sampleMemory(options.pids.rtpengine, 250);
  const stepStart = cpuSnapshot(options.pids);
  const caller: Sipp = attendantsCalling({
    kamailio: options.kamailioAddress,
    port: await freeUdpPort(),
    mediaPort: options.callerMedia,
    realm: REALM,
    extension: EXTENSION,
    user: credentials.User,
    password: credentials.Pass,
    numbersFile,
    audioFile: options.audio,
    talkMs,
    rate: CPS,
    calls,
  });
  const pids = { ...options.pids, caller: caller.pid };
  try {
    // The window opens once every call is answered (or has failed), a second later.
    const deadline = performance.now() + rampMs + 30_000;
    let exitedEarly = false;
    void caller.exited.then(() => (exitedEarly = true));
    const failedSoFar = () => Number(lastStatistics(caller.dir)['FailedCall(C)']) || 0;
    while (setups(caller.dir).length + failedSoFar() < calls && performance.now() < deadline && !exitedEarly) {
      await sleep(200);
    }
    const upSince = performance.now();
    if (setups(caller.dir).length === 0) {
      console.log(
        `  ${String(calls).padStart(4)} nenhuma chamada estabelecida (SIPp: ${JSON.stringify(lastStatistics(caller.dir)['FailedCall(C)'] ?? '?')} falhas); veja ${options.kamailioLog}`,
      );
      return {
        calls,
        answered: 0,
        failed: calls,
        setupRate: 0,
        p50: NaN,
        p99: NaN,
        lossPercent: NaN,
        jitterMean: NaN,
        jitterWorstMean: NaN,
        recordedAll: false,
        passes: false,
      };
    }
    await sleep(1000);
    const windowStart = cpuSnapshot(pids);
    const pcapsBefore = spoolPcaps(options.spoolDir);
    // The window ends a second before the first call hangs up.
    const windowS = Math.max(5, Math.min(WINDOW_S, Math.floor((talkMs - (upSince - stepStart.at) - 2000) / 1000)));
    const captureFile = join(work, `rtp-${calls}.pcap`);
    const capturing = capture(captureFile, windowS);
    await sleep(windowS * 1000);
    const windowEnd = cpuSnapshot(pids);
    const pcapsAfter = spoolPcaps(options.spoolDir);
    const captured = await capturing.ended;

    const code = await caller.exited;
    const stepEnd = cpuSnapshot(pids);
    const rtpengineMemory = memory.stop();
    const all = setups(caller.dir);
    const answered = all.length;
    const failed = Number(lastStatistics(caller.dir)['FailedCall(C)']) || calls - answered;
    const times = all.map((setup) => setup.ms).sort((a, b) => a - b);
    const setupRate = answered / ((Math.max(...all.map((setup) => setup.end)) - Math.min(...all.map((setup) => setup.start))) / 1000);
    const p50 = answered ? lib.percentile(times, 50) : NaN;
    const p99 = answered ? lib.percentile(times, 99) : NaN;

    // The relay on the wire (after the window: tshark's reading is no part of what was measured).
    const analysing = performance.now();
    const relay = relayFigures(rtpStreams(captureFile), `127.0.0.1:${options.callerMedia}`, options.carrier);
    const analysisS = (performance.now() - analysing) / 1000;
    rmSync(captureFile, { force: true });

    // Recording: the spool's pcaps over the window (the calls up all along); the WAVs once the API's job made them.
    let grown = 0;
    let files = 0;
    for (const [name, size] of pcapsAfter) {
      const before = pcapsBefore.get(name);
      if (before === undefined) continue;
      grown += size - before;
      files += 1;
    }
    const pcapPerCallMinute = grown / files / (windowS / 60);
    const wav = await recordings(lib, options.databaseUrl, caller.pid!);

    // rtpengine: the window, all N calls up. Kamailio: the whole step (set-up and hang-up are its work).
    const rtpengineCpu = cpuPercent(windowStart, windowEnd, 'rtpengine');
    const kamailioCpu = cpuPercent(stepStart, stepEnd, 'kamailio');
    const kamailioMsPerCall = ((stepEnd.kamailio - stepStart.kamailio) * 1000) / calls;
    const kamailioErrors = readFileSync(options.kamailioLog, 'utf8')
      .slice(kamailioLogBefore)
      .split('\n')
      .filter((line) => /ERROR|WARNING|CRITICAL/.test(line));

    const passes =
      code === 0 &&
      answered === calls &&
      relay.lossPercent <= LIMITS.lossPercent &&
      relay.jitterWorstMean <= LIMITS.jitterMs &&
      p99 <= LIMITS.setupP99Ms;
    const kb = (bytes: number) => (bytes > 0 ? `${(bytes / 1024).toFixed(0)} KB` : '–');
    const cells = [
      String(calls).padStart(4),
      `${answered}/${failed}`.padStart(9),
      fixed(setupRate).padStart(7),
      `${fixed(p50, 0)} ms`.padStart(10),
      `${fixed(p99, 0)} ms`.padStart(7),
      `${fixed(relay.lossPercent, 2)}%`.padStart(7),
      `${fixed(relay.jitterMean, 2)}/${fixed(relay.jitterWorstMean, 2)} ms`.padStart(16),
      `${fixed(rtpengineCpu / calls, 3)}%`.padStart(11),
      `${fixed(kamailioCpu / calls, 3)}%`.padStart(10),
      kb(pcapPerCallMinute).padStart(11),
      kb(wav.bytesPerMinute).padStart(10),
    ];
    console.log(`  ${cells.join(' ')}${passes ? '' : '  ✗ fora dos limites'}`);
    const window = (key: 'api' | 'caller' | 'carrier') => `${fixed(cpuPercent(windowStart, windowEnd, key))}%`;
    console.log(
      `       janela de ${windowS} s com as ${answered} no ar: rtpengine ${fixed(rtpengineCpu)}% de um núcleo (RSS pico ${(rtpengineMemory.rssPeak / 1048576).toFixed(0)} MB), API ${window('api')}, SIPp ramal ${window('caller')} e operadora ${window('carrier')}, máquina ${fixed(machineBusy(windowStart, windowEnd))}% ocupada (2 núcleos = 100%), carga ${loadavg()
        .map((value) => value.toFixed(2))
        .join(
          ' ',
        )}; passo de ${fixed((stepEnd.at - stepStart.at) / 1000, 0)} s: Kamailio ${fixed(kamailioCpu)}%, ${fixed(kamailioMsPerCall, 2)} ms de CPU por chamada`,
    );
    console.log(
      `       fio: ${fixed(captured.received / windowS / 1000)} mil pacotes/s capturados (${captured.dropped} descartados pela captura${captured.dropped > 0 ? ': perda e jitter incertos' : ''}), fluxos ${relay.streams.fromCaller}/${relay.streams.toCarrier}/${relay.streams.fromCarrier}/${relay.streams.toCaller} (ramal→relay, relay→operadora, eco→relay, relay→ramal); perda ida e volta ${fixed(relay.endToEndLossPercent, 2)}%; jitter do SIPp ao enviar ${fixed(relay.senderJitterMean, 2)} ms, pico no relay ${fixed(relay.jitterPeak, 1)} ms; tshark em ${fixed(analysisS, 0)} s; registros na API: ${wav.records}, ${wav.open} sem o fim; gravações: ${wav.recorded} WAV, ${wav.failed} falhas, ${wav.pending} pendentes (${fixed(wav.waitedS, 0)} s após o fim)${code === 0 ? '' : `; SIPp terminou com ${code}`}${kamailioErrors.length ? `; ${kamailioErrors.length} erros/avisos no registro do Kamailio, o 1º: ${kamailioErrors[0].slice(0, 200)}` : ''}`,
    );
    const recordedAll = wav.open === 0 && wav.recorded === answered;
    return {
      calls,
      answered,
      failed,
      setupRate,
      p50,
      p99,
      lossPercent: relay.lossPercent,
      jitterMean: relay.jitterMean,
      jitterWorstMean: relay.jitterWorstMean,
      recordedAll,
      passes,
    };
  } finally {
    await caller.stop();
  }
}

/**
 * The step's call records (Call-IDs of SIPp's `pid`) once the API has closed them and its 'gravacao' job has made
 * their WAVs: waits while that goes on, and gives up after 30 s without progress (an event Kamailio never
 * delivered leaves a record open and its recording pending for good) or 5 minutes in all.
 */
async function recordings(lib: BenchLib, databaseUrl: string, sippPid: number) {
  const started = performance.now();
  const read = () =>
    lib.withClient(databaseUrl, async (client) => {
      const { rows } = await client.query(
        `select count(*)::int as records, count(*) filter (where co_situacao <> 'encerrada')::int as open,
                count(*) filter (where co_gravacao = 'gravada')::int as recorded, count(*) filter (where co_gravacao = 'falhou')::int as failed,
                count(*) filter (where co_gravacao = 'pendente')::int as pending,
                coalesce(sum(nu_bytes_gravacao), 0)::float8 as bytes, coalesce(sum(nu_segundos_gravacao), 0)::float8 as seconds
           from ligacao where co_sip_call_id like $1`,
        [`%-${sippPid}@%`],
      );
      return rows[0] as {
        records: number;
        open: number;
        recorded: number;
        failed: number;
        pending: number;
        bytes: number;
        seconds: number;
      };
    });
  let row = await read();
  let progressAt = performance.now();
  while ((row.open > 0 || row.pending > 0) && performance.now() - progressAt < 30_000 && performance.now() - started < 300_000) {
    await sleep(1000);
    const next = await read();
    if (next.open !== row.open || next.pending !== row.pending) progressAt = performance.now();
    row = next;
  }
  return { ...row, bytesPerMinute: row.seconds > 0 ? (row.bytes / row.seconds) * 60 : 0, waitedS: (performance.now() - started) / 1000 };
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
