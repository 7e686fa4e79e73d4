import type { ExtensionCredentials } from '@consig/shared';
import type { CallAgent, RegistrationState } from '../calls/callAgent';
import type { CallController } from '../calls/callController';
import { sameLine } from './extension';
import type { JssipAgentOptions } from './jssipAgent';

/** Makes the SIP agent; the JsSIP one is loaded on demand (loadJssipAgent.ts), so it may come later. */
export type AgentFactory = (options: JssipAgentOptions) => CallAgent | Promise<CallAgent>;

export type Softphone = ReturnType<typeof createSoftphone>;

/**
 * The SIP agent's life: one agent per signed-in extension, handed to the call controller, stopped when the
 * session ends. Its registration is a store the call bar's badge reads (null until an agent runs).
 *
 * The credentials are renewed every few minutes (api/getExtensionCredentials.ts). Renewed ones of the same line
 * go to the running agent, which uses them from its next REGISTER or INVITE on: starting another agent would
 * drop the call in progress and register again for nothing. Only another extension, realm or SIP server starts
 * another agent.
 */
export function createSoftphone(controller: CallController, createAgent: AgentFactory) {
  let agent: CallAgent | null = null;
  /** Counts starts and stops: an agent that finishes loading after a newer start or a stop is not used. */
  let generation = 0;
  let stopWatching = () => {};
  let registration: RegistrationState | null = null;
  const listeners = new Set<() => void>();
  /** The credentials of the agent running or loading (the latest renewal), null when stopped. */
  let line: ExtensionCredentials | null = null;
  /** Who hears the renewals: the agent of this generation, once it subscribed. */
  const renewalListeners = new Set<(credentials: ExtensionCredentials) => void>();

  const changed = () => {
    registration = agent?.getRegistration() ?? null;
    listeners.forEach((listener) => listener());
  };

  function run(started: CallAgent, startedWith: ExtensionCredentials) {
    agent = started;
    controller.attach(started);
    stopWatching = started.onRegistrationChange(changed);
    changed();
    // Renewed while it was loading.
    if (line && line !== startedWith) renewalListeners.forEach((listener) => listener(line!));
  }

  function start(credentials: ExtensionCredentials, iceServers: RTCIceServer[]) {
    softphone.stop();
    const current = generation;
    line = credentials;
    const onRenewal = (listener: (renewed: ExtensionCredentials) => void) => {
      if (current !== generation) return () => {};
      renewalListeners.add(listener);
      return () => {
        renewalListeners.delete(listener);
      };
    };
    const made = createAgent({ credentials, iceServers, onRenewal });
    if (!(made instanceof Promise)) {
      run(made, credentials);
      return;
    }
    made.then(
      (loaded) => (current === generation ? run(loaded, credentials) : loaded.stop()),
      (error: unknown) => console.error('[telephony] the SIP agent did not load', error),
    );
  }

  const softphone = {
    /**
     * Runs an agent for `credentials`: the first ones start it, renewed ones of the same line go to the running
     * agent, another line stops it and starts another.
     */
    use(credentials: ExtensionCredentials, iceServers: RTCIceServer[]) {
      if (!line || !sameLine(line, credentials)) {
        start(credentials, iceServers);
        return;
      }
      if (credentials.User === line.User && credentials.Pass === line.Pass) return;
      line = credentials;
      renewalListeners.forEach((listener) => listener(credentials));
    },
    /** Drops the call in progress and stops the agent (logout, telephony off, no extension any more). */
    stop() {
      generation += 1;
      line = null;
      renewalListeners.clear();
      const stopping = agent;
      if (!stopping) return;
      agent = null;
      stopWatching();
      controller.shutdown();
      stopping.stop();
      changed();
    },
    getRegistration: () => registration,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return softphone;
}
