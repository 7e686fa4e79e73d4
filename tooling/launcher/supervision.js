// Keeping a process up: the restart policy the launcher applies to the API, Kamailio and rtpengine alike.
const { describeExit } = require('../../telephony/daemon');

/**
 * Restarting a process that crashes: after `delayMs`, doubled at each crash in a row up to `maxDelayMs`;
 * after `limit` restarts in a row the launcher gives up. One that stayed up `resetAfterMs` starts a new row.
 */
const RESTART = { limit: 5, delayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** A duration as the operator reads it: 1500 → '1,5'. */
const seconds = (ms) => String(ms / 1000).replace('.', ',');

/**
 * The restart policy (RESTART) of a process the launcher keeps running: the API and Kamailio. Its owner calls
 * `crashed(how, upMs)` when the process ends unexpectedly (`how` in describeExit's words; `upMs` how long it
 * had been up, 0 when it failed to start); the restarter logs one line, waits and calls `launch()`, which
 * resolves once the new process is ready (a rejection, its error's `how` or message, is one more crash). Past
 * `policy.limit` crashes in a row it logs "<subject> terminou ... N vezes seguidas; <giveUp>" and calls onGaveUp.
 * `cancel()` drops a restart that is waiting; `stop()` also ignores every later crash (the owner is stopping).
 * @param {{ subject: string, giveUp: string, policy: typeof RESTART, launch: () => Promise<unknown>,
 *           log: (line: string) => void, onRestarted?: () => void, onGaveUp?: () => void }} options
 */
function restarter({ subject, giveUp, policy, launch, log, onRestarted = () => undefined, onGaveUp = () => undefined }) {
  let crashes = 0;
  let pending = null;
  let stopped = false;
  const cancel = () => {
    clearTimeout(pending);
    pending = null;
  };
  const crashed = (how, upMs) => {
    if (stopped) return;
    if (upMs >= policy.resetAfterMs) crashes = 0;
    crashes += 1;
    if (crashes > policy.limit) {
      log(`${subject} terminou inesperadamente (${how}) ${crashes} vezes seguidas; ${giveUp}`);
      onGaveUp();
      return;
    }
    const delay = Math.min(policy.delayMs * 2 ** (crashes - 1), policy.maxDelayMs);
    log(`${subject} terminou inesperadamente (${how}); reiniciando em ${seconds(delay)} s (tentativa ${crashes} de ${policy.limit}).`);
    cancel();
    pending = setTimeout(() => {
      pending = null;
      if (stopped) return;
      launch().then(onRestarted, (error) => crashed(error.how ?? error.message, 0));
    }, delay);
  };
  return {
    crashed,
    cancel,
    stop() {
      stopped = true;
      cancel();
    },
  };
}

/**
 * One telephony server the launcher keeps running (Kamailio, rtpengine): `launch()` starts it (resolving
 * with startDaemon's answer) and an end nobody asked for is a crash, restarted with the API's policy
 * (RESTART, or `policy`; one line through `log` each time, and one when it gives up: `giveUp`). Starts and
 * stops run one at a time, so a crash's restart, restart() and stop() never overlap and two copies never
 * hold the same ports.
 */
function supervised({ subject, giveUp, policy, launch, log }) {
  /** The process running now; undefined while none is. */
  let current;
  let stopped = false;
  let queue = Promise.resolve();
  const serially = (task) => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  const start = async () => {
    if (stopped) return;
    const server = await launch();
    current = server;
    const upSince = Date.now();
    server.exited.then(({ code, signal }) => {
      // restart() and stop() clear `current` or set `stopped` first: only an end nobody asked for is a crash.
      if (current !== server || stopped) return;
      current = undefined;
      restarts.crashed(describeExit(code, signal), Date.now() - upSince);
    });
  };
  const restarts = restarter({ subject, giveUp, policy, launch: () => serially(start), log });
  return {
    start: () => serially(start),
    get pid() {
      return current?.pid;
    },
    /** Stops it and starts it again on the same ports (as after a crash). */
    restart: () =>
      serially(async () => {
        restarts.cancel();
        const previous = current;
        current = undefined;
        await previous?.stop();
        await start();
      }),
    async stop() {
      stopped = true;
      restarts.stop();
      await queue;
      await current?.stop();
    },
  };
}

module.exports = { RESTART, seconds, restarter, supervised };
