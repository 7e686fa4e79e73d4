// SIPp (Debian's sip-tester), an independent SIP implementation, playing the carrier: the trunk's gateway
// answering our calls (carrier-answers.xml) or a client calling a company number (carrier-calls.xml); and, for
// the telephony benchmark's load, attendants' extensions calling out (attendant-calls.xml). Used by the SIP
// edge's tests (api/test/kamailio.test.ts), the browser tests and the telephony benchmark; never by the product
// itself. Every message SIPp sends and receives is kept in its message log, read back by the tests (the
// benchmark turns the log off: thousands of calls).
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const SIPP_PATH = process.env.SIPP_PATH || '/usr/bin/sipp';
const INSTALL_SIPP = 'apt-get install -y sip-tester';

const mediaPortArgs = (mediaPort) => (mediaPort === undefined ? [] : ['-mp', String(mediaPort)]);

/**
 * Runs SIPp with `args` on UDP `port` of `host` (media on `host` too; default 127.0.0.1) in a folder of its own
 * (`dir`, its working folder: where it writes its statistics files and finds relative file names); see the
 * exports below. Without a `port` SIPp binds the first free one from 5060 itself (no window between a test's
 * check that a port is free and SIPp's bind, in which something else may take it); likewise its media port
 * when the scenario's caller gives none (`-mp`: SIPp then tries from 6000 up). `trace: false` keeps no message
 * log (messages() and invites() are then empty).
 */
function runSipp(args, port, { host = '127.0.0.1', trace = true, prepare } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consig-sipp-'));
  const log = path.join(dir, 'messages.log');
  const errors = path.join(dir, 'errors.log');
  const stderr = path.join(dir, 'stderr.log');
  prepare?.(dir);
  const stderrFd = fs.openSync(stderr, 'w');
  const child = spawn(
    SIPP_PATH,
    [
      ...args,
      ...(port === undefined ? [] : ['-p', String(port)]),
      '-i',
      host,
      '-mi',
      host,
      '-nostdin',
      ...(trace ? ['-trace_msg', '-message_file', log] : []),
      '-trace_err',
      '-error_file',
      errors,
    ],
    { stdio: ['ignore', 'ignore', stderrFd], cwd: dir },
  );
  fs.closeSync(stderrFd);
  const exited = once(child, 'exit').then(([code]) => (code === null ? 1 : code));
  const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  const messages = () => read(log);
  return {
    port,
    pid: child.pid,
    dir,
    messages,
    /** What SIPp said went wrong (its error log and standard error), for a test's failure message. */
    problems: () => [read(errors), read(stderr)].filter((text) => text.trim() !== '').join('\n'),
    /** The INVITEs that reached SIPp, whole (the retry with credentials counts as one more). */
    invites: () =>
      messages()
        .split(/^-{10,}.*$/m)
        .filter((block) => /message received/.test(block))
        .map((block) => block.slice(block.indexOf('\n\n') + 2))
        .filter((message) => message.startsWith('INVITE sip:')),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The carrier's gateway: challenges with digest (user/password), then answers and echoes the audio. `host`:
 * the address it (and its media) listens on, 127.0.0.1 unless said; `trace: false` keeps no message log.
 */
function carrierAnswering({ port, mediaPort, user, password, host, trace }) {
  return runSipp(
    [
      '-sf',
      path.join(__dirname, 'carrier-answers.xml'),
      '-set',
      'user',
      user,
      '-set',
      'password',
      password,
      ...mediaPortArgs(mediaPort),
      '-rtp_echo',
    ],
    port,
    { host, trace },
  );
}

/** The carrier's registrar: challenges every REGISTER with digest (user/password), then accepts it. */
function carrierRegistrar({ port, user, password }) {
  return runSipp(['-sf', path.join(__dirname, 'carrier-registrar.xml'), '-set', 'user', user, '-set', 'password', password], port);
}

/**
 * A client calling `did` from `caller` through the carrier to `kamailio` (host:port); talks `talkMs` once answered,
 * then hangs up. Its ports are SIPp's choice unless given (Kamailio answers where the request came from).
 */
function carrierCalling({ kamailio, port, mediaPort, did, caller, talkMs = 1000 }) {
  return runSipp(
    [
      kamailio,
      '-sf',
      path.join(__dirname, 'carrier-calls.xml'),
      '-s',
      did,
      '-key',
      'caller',
      caller,
      '-d',
      String(talkMs),
      '-m',
      '1',
      ...mediaPortArgs(mediaPort),
      '-rtp_echo',
      '-timeout',
      '60',
      '-timeout_error',
    ],
    port,
  );
}

/**
 * Attendants calling out (the benchmark's load): `calls` calls from `extension` (its auth_ephemeral `user` and
 * `password`, answering Kamailio's 407) to the numbers of `numbersFile` (one a line, taken in order), `rate`
 * new calls a second and at most `calls` at once, each streaming `audioFile` (raw A-law, 8 kHz) as 20 ms PCMA
 * packets for `talkMs` once answered, then hanging up. No message log; every call's set-up time (first INVITE
 * to 200 OK) goes to `<dir>/attendant-calls_<pid>_rtt.csv` (-trace_rtt), its statistics to
 * `<dir>/attendant-calls_<pid>_.csv` every second (-trace_stat). SIPp exits 0 when every call succeeded.
 */
function attendantsCalling({
  kamailio,
  port,
  mediaPort,
  realm,
  extension,
  user,
  password,
  numbersFile,
  audioFile,
  talkMs,
  rate,
  calls,
  host,
}) {
  return runSipp(
    [
      kamailio,
      '-sf',
      path.join(__dirname, 'attendant-calls.xml'),
      '-inf',
      numbersFile,
      '-set',
      'realm',
      realm,
      '-set',
      'extension',
      extension,
      '-au',
      user,
      '-ap',
      password,
      '-d',
      String(talkMs),
      '-r',
      String(rate),
      '-m',
      String(calls),
      '-l',
      String(calls),
      '-mp',
      String(mediaPort),
      // A call whose next message does not come within 30 s fails (and SIPp goes on with the others).
      '-recv_timeout',
      '30000',
      '-trace_rtt',
      '-rtt_freq',
      '1',
      '-trace_stat',
      '-fd',
      '1',
    ],
    port,
    { host, trace: false, prepare: (dir) => fs.copyFileSync(audioFile, path.join(dir, 'audio.al')) },
  );
}

module.exports = { SIPP_PATH, INSTALL_SIPP, carrierAnswering, carrierCalling, carrierRegistrar, attendantsCalling };
