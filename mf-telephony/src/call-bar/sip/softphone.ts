import type { ExtensionCredentials } from '@consig/shared';
import type { CallAgent, RegistrationState } from '../calls/callAgent';
import type { CallController } from '../calls/callController';
import type { JssipAgentOptions } from './jssipAgent';

/** Makes the SIP agent; the JsSIP one is loaded on demand (loadJssipAgent.ts), so it may come later. */
export type AgentFactory = (options: JssipAgentOptions) => CallAgent | Promise<CallAgent>;

export type Softphone = ReturnType<typeof createSoftphone>;

/**
 * The SIP agent's life: one agent per signed-in extension, handed to the call controller, stopped when the
 * session ends. Its registration is a store the call bar's badge reads (null until an agent runs).
 */
export function createSoftphone(controller: CallController, createAgent: AgentFactory) {
  let agent: CallAgent | null = null;
  /** Counts starts and stops: an agent that finishes loading after a newer start or a stop is not used. */
  let generation = 0;
  let stopWatching = () => {};
  let registration: RegistrationState | null = null;
  const listeners = new Set<() => void>();

  const changed = () => {
    registration = agent?.getRegistration() ?? null;
    listeners.forEach((listener) => listener());
  };

  function run(started: CallAgent) {
    agent = started;
    controller.attach(started);
    stopWatching = started.onRegistrationChange(changed);
    changed();
  }

  const softphone = {
    /** Starts an agent for `credentials` (stopping any previous one). */
    start(credentials: ExtensionCredentials, iceServers: RTCIceServer[]) {
      softphone.stop();
      const current = generation;
      const made = createAgent({ credentials, iceServers });
      if (!(made instanceof Promise)) {
        run(made);
        return;
      }
      made.then(
        (loaded) => (current === generation ? run(loaded) : loaded.stop()),
        (error: unknown) => console.error('[telephony] the SIP agent did not load', error),
      );
    },
    /** Drops the call in progress and stops the agent (logout, telephony off, another extension). */
    stop() {
      generation += 1;
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
