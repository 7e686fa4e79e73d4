import { bus, dialNumber, nationalNumber, session, type BusPayload, type ExtensionCredentials } from '@consig/shared';
import { toast } from 'react-hot-toast';
import type { CallAgent, CallEnd, CallHandle, CallObserver, CallUpdate, IncomingCall } from './callAgent';
import { CALL_TEXTS, endText, type Tone } from './callTexts';

export type CallState = BusPayload<'telephony.call-state@1'>['state'];

/** The call in progress, as the call bar shows it. */
export interface Call {
  /** 'incoming' while an incoming call rings; then 'establishing', 'established', 'terminating'. */
  state: CallState;
  direction: 'incoming' | 'outgoing';
  /** The other party's number (as dialled, or the caller's address). */
  remote: string;
  /** The caller's display name (incoming calls; the client id when the company's dialer calls). */
  callerName?: string | null;
  /** When the call was established (ms since epoch); the bar's timer counts from here. */
  establishedAt: number | null;
}

/** The sounds of a call: ringtones and the other party's audio (./audio/callAudio.ts in the browser). */
export interface CallMedia {
  playTone(tone: 'incoming' | 'outgoing'): void;
  stopTone(): void;
  playRemote(stream: MediaStream): void;
  stopRemote(): void;
}

const silentMedia: CallMedia = { playTone() {}, stopTone() {}, playRemote() {}, stopRemote() {} };

const toastBy: Record<Tone, (text: string) => void> = {
  info: (text) => toast(text),
  success: (text) => toast.success(text),
  error: (text) => toast.error(text),
};

/** product-spec §5 "Outgoing call": an extension with User and Pass. */
const canCall = (credentials: ExtensionCredentials | null) => Boolean(credentials?.User && credentials?.Pass);

/** The host opens /atendimento?clientId={display name} only for a display name of digits (product-spec §5). */
const CLIENT_ID = /^\d+$/;

/**
 * What an answered incoming call opens (the screen-pop): the client whose id the server put in the display name
 * (a caller whose number is a client's); 'Novo Cliente' with the number when there is no display name and the
 * caller is a phone number (the server found no client with it); nothing for anyone else (an extension
 * calling, whose address is no phone number, or a display name that is no id).
 */
function announceAnswered({ callerName, remote }: Call) {
  if (callerName) {
    if (CLIENT_ID.test(callerName)) bus.publish('telephony.answered@1', { clientId: callerName });
    return;
  }
  const number = nationalNumber(remote);
  if (number) bus.publish('telephony.unknown-caller-answered@1', { number });
}

interface Options {
  getCredentials?: () => ExtensionCredentials | null;
  now?: () => number;
  media?: CallMedia;
  /** Shows a text to the attendant; toasts by default. */
  notify?: (text: string, tone: Tone) => void;
}

/** The call in progress with what the controller keeps about it besides what the bar shows. */
interface Current {
  call: Call;
  handle: CallHandle | IncomingCall | null;
  /** Set when this call's observer must no longer be heard (the call ended, or the session did). */
  closed: boolean;
}

export type CallController = ReturnType<typeof createCallController>;

/**
 * The state machine of product-spec §4 "Calls and telephony", one call at a time (the busy flag: a current
 * call). Every state change is published on 'telephony.call-state@1' (the dial icons and the Call
 * tabulation menu follow it); an answered incoming call publishes 'telephony.answered@1' (a client's id) or
 * 'telephony.unknown-caller-answered@1' (a number that is no client's).
 */
export function createCallController({
  getCredentials = () => session.get().extension,
  now = Date.now,
  media = silentMedia,
  notify = (text, tone) => toastBy[tone](text),
}: Options = {}) {
  let agent: CallAgent | null = null;
  let stopListening: () => void = () => {};
  let current: Current | null = null;
  const listeners = new Set<() => void>();

  const changed = () => listeners.forEach((listener) => listener());

  const publish = (call: Call) =>
    bus.publish('telephony.call-state@1', { state: call.state, direction: call.direction, remote: call.remote });

  /** Moves the current call to `next`, telling the bar and, when the state changed, the bus. */
  function set(entry: Current, next: Call) {
    const stateChanged = next.state !== entry.call.state;
    entry.call = next;
    changed();
    if (stateChanged) publish(next);
  }

  function finish(entry: Current, end: CallEnd) {
    const { direction, establishedAt } = entry.call;
    entry.closed = true;
    current = null; // busy cleared
    media.stopTone();
    media.stopRemote();
    const { text, tone } = endText(end, direction, establishedAt !== null);
    notify(text, tone);
    changed();
    publish({ ...entry.call, state: 'terminated' });
  }

  function apply(entry: Current, update: CallUpdate) {
    if (entry.closed) return; // a late report of a call that already ended
    const { call } = entry;
    switch (update.state) {
      case 'initial':
        // Only an incoming call starts here (an outgoing one starts 'establishing' at the dial).
        notify(CALL_TEXTS.received, 'info');
        return;
      case 'establishing':
        if (call.direction === 'incoming') {
          if (call.state !== 'incoming') return; // already accepted
          notify(CALL_TEXTS.establishing, 'info');
          media.playTone('incoming');
        }
        // An outgoing call is 'establishing' from the dial on (see dial); later reports change nothing.
        return;
      case 'established':
        if (call.state === 'established') return;
        media.stopTone();
        set(entry, { ...call, state: 'established', establishedAt: now() });
        if (call.direction === 'outgoing') notify(CALL_TEXTS.established, 'success');
        else announceAnswered(call);
        return;
      case 'terminating':
        media.stopTone();
        media.stopRemote();
        set(entry, { ...call, state: 'terminating' });
        return;
      case 'terminated':
        finish(entry, update.end);
        return;
      default:
        // A state this controller does not know (product-spec §4 "Outgoing call").
        console.error('[telephony] unknown call state', update);
        notify(CALL_TEXTS.failed, 'error');
    }
  }

  function observerOf(entry: Current): CallObserver {
    return {
      update: (update) => apply(entry, update),
      remoteStream(stream) {
        if (!entry.closed) media.playRemote(stream);
      },
    };
  }

  function receive(incoming: IncomingCall) {
    if (current) {
      incoming.refuseBusy(); // busy: a new call is ignored
      return;
    }
    const entry: Current = {
      call: { state: 'incoming', direction: 'incoming', remote: incoming.number, callerName: incoming.displayName, establishedAt: null },
      handle: incoming,
      closed: false,
    };
    current = entry;
    changed();
    publish(entry.call);
    incoming.watch(observerOf(entry));
  }

  return {
    getCall: () => current?.call ?? null,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Uses `next` for calls from now on (null: none, e.g. telephony off); hears its incoming calls. */
    attach(next: CallAgent | null) {
      stopListening();
      agent = next;
      stopListening = next ? next.onIncoming(receive) : () => {};
    },

    dial(number: string) {
      if (current) return; // busy: a new dial is ignored
      if (!canCall(getCredentials())) {
        notify(CALL_TEXTS.noExtension, 'error');
        return;
      }
      const outgoing: Call = { state: 'establishing', direction: 'outgoing', remote: number, establishedAt: null };
      if (!agent || agent.getRegistration().status !== 'registered') {
        notify(CALL_TEXTS.unavailable, 'error');
        publish({ ...outgoing, state: 'terminated' });
        return;
      }
      // Busy from here on, so a second click cannot place a second call while the agent connects.
      const entry: Current = { call: outgoing, handle: null, closed: false };
      current = entry;
      changed();
      publish(outgoing);
      media.playTone('outgoing');
      try {
        const handle = agent.call(dialNumber(number), observerOf(entry));
        if (!entry.closed) entry.handle = handle; // the agent may already have reported 'terminated'
      } catch (error) {
        console.error('[telephony] call failed', error);
        finish(entry, { by: 'system', reason: 'failed', statusCode: null });
      }
    },

    /** 'Atender': stops the ringtone, the call is in progress (product-spec §4 "Accepting"). */
    answer() {
      const entry = current;
      if (!entry || entry.call.direction !== 'incoming' || entry.call.state !== 'incoming') return;
      media.stopTone();
      set(entry, { ...entry.call, state: 'establishing' });
      notify(CALL_TEXTS.established, 'success');
      (entry.handle as IncomingCall).answer();
    },

    /** 'Recusar': refuses the ringing incoming call. */
    reject() {
      const entry = current;
      if (!entry || entry.call.direction !== 'incoming' || entry.call.state !== 'incoming') return;
      (entry.handle as IncomingCall).reject();
    },

    /** 'Terminar': hangs up an established call, cancels one that is not yet. */
    hangup() {
      current?.handle?.end();
    },

    /**
     * The session ended (logout, expired token): the call is dropped without a word or a state report, so
     * nothing of it is retained on the bus for the next person to sign in (the logout cleared it).
     */
    shutdown() {
      const entry = current;
      stopListening();
      stopListening = () => {};
      agent = null;
      if (!entry) return;
      entry.closed = true;
      current = null;
      media.stopTone();
      media.stopRemote();
      entry.handle?.end();
      changed();
    },
  };
}
