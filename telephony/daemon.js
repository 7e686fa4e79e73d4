// Runs one of the telephony servers (Kamailio, rtpengine) as a child the launcher supervises: its log in a
// file, its processes in a group of their own, and never outliving whoever started it. Node built-ins only:
// the README's scripts load it before anything is installed.
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

/** How long a server may take to become ready (Kamailio takes about 50 ms, rtpengine 10 ms) and to stop. */
const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 10_000;

/**
 * A server must never outlive whoever started it, even one killed outright (SIGKILL runs no code). So it
 * runs under this small shell, which holds the read end of a pipe whose write end only the starter has:
 * when the starter closes it (stop) or dies, `read` meets the end of the pipe and the shell stops the
 * server. The shell also ends when the server ends, and prints the server's pid first. No core files: Debian's
 * rtpengine 10.5 crashes on its way out when a recorded call is still open (a 60 MB core in the folder each
 * time), and that end is ours anyway.
 */
const WATCHDOG = [
  'ulimit -c 0',
  'exec 3<&0',
  '"$@" 0</dev/null 1>&2 3<&- &',
  'server=$!',
  'echo "$server"',
  '( while read -r _ <&3; do :; done; kill -TERM "$server" 2>/dev/null ) &',
  'watcher=$!',
  'exec 3<&-',
  'wait "$server"',
  'status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

/** How a process ended, in the launcher's log lines. */
const describeExit = (code, signal) => (signal ? `sinal ${signal}` : `código ${code}`);

/**
 * The watchdog shell's end as the server's own: the shell exits with 128 + n when the server was killed by
 * signal n (a shell's convention), which is said as that signal.
 */
function serverEnd(code, signal) {
  const killedBy = code > 128 ? Object.keys(os.constants.signals).find((name) => os.constants.signals[name] === code - 128) : undefined;
  return killedBy ? { code: null, signal: killedBy } : { code, signal };
}

/** Whether a process of the group `pgid` still runs (zombies, already dead, aside). Linux: /proc. */
function groupRunning(pgid) {
  return fs.readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === pgid && state !== 'Z';
    } catch {
      return false; // gone meanwhile
    }
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something accepts TCP connections on host:port. */
const accepts = (port, host) =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host }, () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const lastLines = (file, count) => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
};

/**
 * Starts `executable args` with exactly `env`, its stderr appended to `logFile` (never the terminal), and
 * resolves once `ready()` says so. Returns { pid (the server's), logFile, stop(), exited (a promise:
 * { code, signal }, the server's end, settled once none of its processes is left) }. A failure's error has
 * `how`, in describeExit's words. `name` is the server's name in messages ('o Kamailio', 'o rtpengine').
 * @param {{ name: string, executable: string, args: string[], env: Record<string, string>, logFile: string,
 *           ready: () => Promise<boolean>, waitingFor: string }} options
 */
async function startDaemon({ name, executable, args, env, logFile, ready, waitingFor }) {
  const log = fs.openSync(logFile, 'a');
  fs.writeSync(log, `--- ${new Date().toISOString()} ${executable} ${args.join(' ')}\n`);
  let child;
  try {
    child = spawn('sh', ['-c', WATCHDOG, 'telephony-watchdog', executable, ...args], {
      env,
      cwd: path.dirname(logFile),
      stdio: ['pipe', 'pipe', log],
      // Its own process group: the last resort below stops the server's workers along with it.
      detached: true,
    });
  } finally {
    fs.closeSync(log);
  }
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  const exited = once(child, 'exit').then(async ([code, signal]) => {
    process.off('exit', killGroup);
    // A server killed outright may leave workers behind, holding its ports: they go too, before anyone (a
    // restart) needs the ports again. After a normal stop there is nobody left.
    killGroup();
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupRunning(child.pid) && Date.now() < deadline) await sleep(10);
    return serverEnd(code, signal);
  });

  const stop = async () => {
    child.stdin.end();
    const force = setTimeout(killGroup, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(force);
  };

  const pid = await new Promise((resolve) => {
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve(Number(output.trim()));
    });
    exited.then(() => resolve(undefined));
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await ready())) {
    const gone = child.exitCode !== null || child.signalCode !== null;
    if (gone || Date.now() > deadline) {
      await stop();
      const end = await exited;
      const error = new Error(
        `${name} ${gone ? 'terminou ao iniciar' : `não ${waitingFor} em ${START_TIMEOUT_MS / 1000} s`}; veja ${logFile}:\n${lastLines(logFile, 8)}`,
      );
      // `how`: the launcher's words for a restart that failed (tooling/product.js).
      throw Object.assign(error, { how: gone ? describeExit(end.code, end.signal) : `sem resposta em ${START_TIMEOUT_MS / 1000} s` });
    }
    await sleep(25);
  }
  return { pid, logFile, stop, exited };
}

module.exports = { startDaemon, describeExit, accepts };
