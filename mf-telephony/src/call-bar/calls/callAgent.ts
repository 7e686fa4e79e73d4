/**
 * What the call controller needs from a SIP user agent. The JsSIP agent (../sip/jssipAgent.ts) implements
 * it; tests drive the controller with a double. Kept free of JsSIP types so neither side leaks into the other.
 */
export interface CallAgent {
  /** Places an outgoing call; `observer` hears every update until 'terminated'. */
  call(target: string, observer: CallObserver): CallHandle;
  /** Hands each incoming call to `listener` (one listener: the controller). Returns the unsubscribe. */
  onIncoming(listener: (call: IncomingCall) => void): () => void;
  /** Whether calls can reach this agent (the badge of the call bar). */
  getRegistration(): RegistrationState;
  onRegistrationChange(listener: () => void): () => void;
  /** Ends every call and unregisters; the agent is not used again. */
  stop(): void;
}

/**
 * The session states of product-spec §4 "Calls and telephony". An incoming call is 'initial' when it arrives
 * and 'establishing' while it rings; an outgoing one is 'establishing' from the dial until answered.
 */
export type AgentCallState = 'initial' | 'establishing' | 'established' | 'terminating' | 'terminated';

export type CallUpdate = { state: Exclude<AgentCallState, 'terminated'> } | { state: 'terminated'; end: CallEnd };

/** Why a call ended, as far as the user cares (the controller picks the text). */
export interface CallEnd {
  /** Who ended it: this browser, the other party (or the network on its behalf), or the agent itself. */
  by: 'local' | 'remote' | 'system';
  /**
   * - hangup: an answered call was hung up (BYE)
   * - rejected: refused (403/603 Decline, or 'Recusar' here)
   * - canceled: given up before it was answered (CANCEL, or 'Terminar' while connecting)
   * - no-answer: nobody answered within the no-answer timeout
   * - failed: a SIP failure response (`statusCode`) or anything else that stopped the call
   * - media-denied: the browser refused the microphone
   */
  reason: 'hangup' | 'rejected' | 'canceled' | 'no-answer' | 'failed' | 'media-denied';
  /** The SIP final response that failed the call, when one did (404, 486, 487, 488, 503, 408, 480…). */
  statusCode: number | null;
  /**
   * The lawful-dialling rule that refused the call at the SIP edge (Kamailio's X-Consig-Recusa header, the
   * API's decision: 'nao-perturbe', 'fora-do-horario'…), when that is why it failed.
   */
  refusal?: string | null;
}

export interface CallObserver {
  update(update: CallUpdate): void;
  /** The other party's audio, as soon as it arrives (early media included). */
  remoteStream(stream: MediaStream): void;
}

export interface CallHandle {
  /** Hangs up when established, otherwise cancels (product-spec §2 'Terminar'). */
  end(): void;
}

export interface IncomingCall extends CallHandle {
  /** The caller's display name (the company's dialer puts the client id there), or null. */
  displayName: string | null;
  /** The caller's number or extension (the user part of its address). */
  number: string;
  /** Starts reporting this call's updates: 'initial' at once, then 'establishing' while it rings. */
  watch(observer: CallObserver): void;
  /** 'Atender'. */
  answer(): void;
  /** 'Recusar' (603 Decline). */
  reject(): void;
  /** Refuses a call that arrives while another is in progress (486 Busy Here), without reporting it. */
  refuseBusy(): void;
}

/**
 * Whether calls can reach the attendant:
 * - connecting: the first connection and REGISTER after sign-in
 * - registered: calls reach this browser
 * - reconnecting: the SIP server went away (or refused for a while); the agent retries by itself
 * - refused: the server refused the credentials; no retry until renewed ones arrive (their expiry passed first)
 * - stopped: the agent was stopped (logout)
 */
export type RegistrationStatus = 'connecting' | 'registered' | 'reconnecting' | 'refused' | 'stopped';

export interface RegistrationState {
  status: RegistrationStatus;
  /** The extension number registered (e.g. '1001'). */
  extension: string;
}
