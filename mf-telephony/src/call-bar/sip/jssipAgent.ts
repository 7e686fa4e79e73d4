import type { ExtensionCredentials } from '@consig/shared';
import { C, debug, UA, Utils } from 'jssip';
import type { EndEvent, RTCSession, RTCSessionEventMap } from 'jssip/lib/RTCSession';
import type { IncomingResponse } from 'jssip/lib/SIPMessage';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import type { CallAgent, CallEnd, CallObserver, IncomingCall, RegistrationState, RegistrationStatus } from '../calls/callAgent';
import { extensionOf, sipAddress } from './extension';
import { TELEPHONY_TIMEOUTS } from './telephonyConfig';
import { TimedWebSocket } from './timedWebSocket';

export interface JssipAgentOptions {
  /** The extension of GET /atendente/ramal. */
  credentials: ExtensionCredentials;
  /**
   * Renewed credentials of the same line (extension, realm, server), as they arrive; returns the unsubscribe. The
   * agent answers its next challenges with them (softphone.ts).
   */
  onRenewal?: (listener: (credentials: ExtensionCredentials) => void) => () => void;
  /** STUN/TURN servers for media (none on a LAN). */
  iceServers?: RTCIceServer[];
  /** product-spec §9; tests shorten them. */
  timeouts?: Partial<Record<keyof typeof TELEPHONY_TIMEOUTS, number>>;
}

const AUDIO_ONLY = { audio: true, video: false } as const;

/** Registration failures a retry cannot fix: the server refused these credentials. */
const REFUSALS: readonly string[] = [C.causes.AUTHENTICATION_ERROR, C.causes.REJECTED];

/** JsSIP's end causes, as the controller's reasons (callAgent.ts CallEnd). */
const REASONS: Readonly<Record<string, CallEnd['reason']>> = {
  [C.causes.BYE]: 'hangup',
  [C.causes.REJECTED]: 'rejected',
  [C.causes.CANCELED]: 'canceled',
  [C.causes.NO_ANSWER]: 'no-answer',
  [C.causes.USER_DENIED_MEDIA_ACCESS]: 'media-denied',
};

/** JsSIP logs through `debug`: product-spec §9 "Agent log level is error". */
const ERRORS_ONLY = 'JsSIP:ERROR*';

/**
 * The softphone's SIP user agent (product-spec §7 "Telephony"): JsSIP over the extension's WSServer,
 * registered as sip:<extension>@<Realm> and authenticated as User/Pass (auth_ephemeral, see extension.ts),
 * audio only. It reconnects and registers again by itself when the SIP server goes away (every
 * `reconnectionMs`), and reports whether calls can reach the attendant (`getRegistration`).
 */
export function createJssipAgent({ credentials, iceServers = [], timeouts: overrides, onRenewal }: JssipAgentOptions): CallAgent {
  const timeouts = { ...TELEPHONY_TIMEOUTS, ...overrides };
  debug.enable(ERRORS_ONLY);

  const extension = extensionOf(credentials);
  let registration: RegistrationState = { status: 'connecting', extension };
  const registrationListeners = new Set<() => void>();
  let incomingListener: ((call: IncomingCall) => void) | null = null;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function setStatus(status: RegistrationStatus) {
    if (registration.status === status || (stopped && status !== 'stopped')) return;
    registration = { status, extension };
    registrationListeners.forEach((listener) => listener());
  }

  // JsSIP takes whole seconds here (anything else is a configuration error).
  const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));
  const reconnectionSeconds = seconds(timeouts.reconnectionMs);
  const ua = new UA({
    sockets: [new TimedWebSocket(credentials.WSServer, timeouts.connectionMs)],
    uri: sipAddress(credentials),
    authorization_user: credentials.User,
    password: credentials.Pass,
    register: true,
    no_answer_timeout: seconds(timeouts.noAnswerMs),
    // A fixed delay (min = max), not JsSIP's growing backoff: after a SIP server restart every attendant is
    // back within one delay.
    connection_recovery_min_interval: reconnectionSeconds,
    connection_recovery_max_interval: reconnectionSeconds,
    user_agent: 'Consig CRM',
    // register_expires stays JsSIP's 600 s whatever the credentials' lifetime: every refresh is challenged
    // afresh and answered with the credentials held at that moment, renewed in place below.
  });

  /**
   * Renewed credentials, taken without restarting: the registration and a call in progress go on (Kamailio does
   * not challenge requests inside a call), and the next REGISTER or INVITE answers its challenge with these.
   * The user alone is not enough: after its first challenge JsSIP keeps that answer's HA1 (its RequestSender sets
   * `ha1`, which drops the password) and, with no password, answers every later challenge with it: the old
   * credentials'. So the user, realm and HA1 of the new ones, and their password too (set last, as `ha1` clears
   * it), from which JsSIP derives the HA1 of whatever realm challenges it.
   */
  function renew(renewed: ExtensionCredentials) {
    if (stopped) return;
    const realm = ua.get('realm') || renewed.Realm;
    ua.set('authorization_user', renewed.User);
    ua.set('realm', realm);
    ua.set('ha1', Utils.calculateMD5(`${renewed.User}:${realm}:${renewed.Pass}`));
    ua.set('password', renewed.Pass);
    // Refused meanwhile (the old ones expired before a renewal got through): register with these at once.
    if (registration.status === 'refused' && ua.isConnected()) ua.register();
  }
  const stopRenewals = onRenewal?.(renew) ?? (() => {});

  ua.on('registered', () => {
    clearTimeout(retryTimer);
    setStatus('registered');
  });
  // The transport dropped (SIP server restarted, network gone): JsSIP reconnects after the delay and
  // registers again as soon as it is connected.
  ua.on('disconnected', () => setStatus('reconnecting'));
  ua.on('unregistered', () => setStatus('reconnecting'));
  ua.on('registrationFailed', ({ cause }) => {
    if (cause && REFUSALS.includes(cause)) {
      setStatus('refused');
      return;
    }
    setStatus('reconnecting');
    // A lost connection re-registers on reconnection; anything else (timeout, 5xx) is retried here.
    if (cause !== C.causes.CONNECTION_ERROR) {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (!stopped && ua.isConnected()) ua.register();
      }, timeouts.reconnectionMs);
    }
  });

  ua.on('newRTCSession', ({ originator, session }: RTCSessionEvent) => {
    if (originator !== 'remote') return;
    if (!incomingListener) {
      session.terminate({ status_code: 480 });
      return;
    }
    incomingListener(incomingCall(session));
  });

  ua.start();

  /** Reports a session's events to `observer`, with the timeouts JsSIP does not have. */
  function follow(observer: CallObserver, direction: 'incoming' | 'outgoing') {
    let session: RTCSession | null = null;
    let ended = false;
    let gaveUpUnanswered = false;
    let iceRound: (() => void) | null = null;
    let iceTimer: ReturnType<typeof setTimeout> | undefined;
    const noAnswerTimer =
      direction === 'outgoing'
        ? setTimeout(() => {
            // JsSIP applies no_answer_timeout to incoming calls only.
            if (ended || session?.isEstablished()) return;
            gaveUpUnanswered = true;
            end();
          }, timeouts.noAnswerMs)
        : undefined;

    function close(end: CallEnd) {
      if (ended) return;
      ended = true;
      clearTimeout(noAnswerTimer);
      clearTimeout(iceTimer);
      observer.update({ state: 'terminated', end });
    }

    function endOf({ originator, cause, message }: EndEvent): CallEnd {
      const response = originator === 'remote' && message && 'status_code' in message ? (message as IncomingResponse) : null;
      const reason = gaveUpUnanswered ? 'no-answer' : (REASONS[cause] ?? 'failed');
      // The SIP edge names the rule that refused a call (telephony/kamailio.cfg, route REFUSE).
      const refusal = response?.getHeader('X-Consig-Recusa');
      return { by: originator as CallEnd['by'], reason, statusCode: response?.status_code ?? null, ...(refusal ? { refusal } : {}) };
    }

    const handlers: Partial<RTCSessionEventMap> = {
      peerconnection: ({ peerconnection }) => {
        peerconnection.addEventListener('track', (event) => {
          observer.remoteStream(event.streams[0] ?? new MediaStream([event.track]));
        });
      },
      // JsSIP sends the offer/answer only once ICE gathering completes; an unreachable STUN server would
      // hold the call for as long as the browser tries. Each gathering round gets at most iceGatheringMs.
      icecandidate: ({ ready }) => {
        if (ready === iceRound) return;
        iceRound = ready;
        clearTimeout(iceTimer);
        iceTimer = setTimeout(ready, timeouts.iceGatheringMs);
      },
      progress: () => {
        if (direction === 'outgoing') observer.update({ state: 'establishing' });
      },
      confirmed: () => {
        clearTimeout(noAnswerTimer);
        observer.update({ state: 'established' });
      },
      ended: (event) => close(endOf(event)),
      failed: (event) => close(endOf(event)),
    };

    function end() {
      if (ended || !session || session.isEnded()) return;
      observer.update({ state: 'terminating' });
      try {
        // A ringing incoming call is declined; otherwise JsSIP cancels or sends BYE as the state requires.
        session.terminate(session.status === session.C.STATUS_WAITING_FOR_ANSWER ? { status_code: 603 } : undefined);
      } catch (error) {
        console.error('[telephony] terminate failed', error);
        close({ by: 'system', reason: 'failed', statusCode: null });
      }
    }

    return {
      handlers,
      bind(followed: RTCSession) {
        session = followed;
      },
      end,
    };
  }

  function incomingCall(session: RTCSession): IncomingCall {
    const caller = session.remote_identity;
    let followed: ReturnType<typeof follow> | null = null;
    return {
      displayName: caller.display_name || null,
      number: caller.uri.user ?? '',
      watch(observer) {
        followed = follow(observer, 'incoming');
        followed.bind(session);
        for (const [name, handler] of Object.entries(followed.handlers)) {
          session.on(name as keyof RTCSessionEventMap, handler as never);
        }
        observer.update({ state: 'initial' });
        // JsSIP already answered 180 Ringing: it rings now.
        if (session.status === session.C.STATUS_WAITING_FOR_ANSWER) observer.update({ state: 'establishing' });
      },
      answer() {
        try {
          session.answer({ mediaConstraints: AUDIO_ONLY, pcConfig: { iceServers } });
        } catch (error) {
          console.error('[telephony] answer failed', error);
          followed?.end();
        }
      },
      reject: () => followed?.end(),
      end: () => followed?.end(),
      refuseBusy() {
        if (!session.isEnded()) session.terminate({ status_code: 486 });
      },
    };
  }

  return {
    call(target, observer) {
      const followed = follow(observer, 'outgoing');
      const session = ua.call(target, {
        mediaConstraints: AUDIO_ONLY,
        pcConfig: { iceServers },
        // Handlers given here are bound before JsSIP creates the peer connection and sends the INVITE.
        eventHandlers: followed.handlers,
      });
      followed.bind(session);
      return { end: followed.end };
    },

    onIncoming(listener) {
      incomingListener = listener;
      return () => {
        if (incomingListener === listener) incomingListener = null;
      };
    },

    getRegistration: () => registration,
    onRegistrationChange(listener) {
      registrationListeners.add(listener);
      return () => {
        registrationListeners.delete(listener);
      };
    },

    stop() {
      if (stopped) return;
      setStatus('stopped');
      stopped = true;
      stopRenewals();
      clearTimeout(retryTimer);
      incomingListener = null;
      ua.stop(); // ends the calls, unregisters, then closes the socket
    },
  };
}
