import { bus, dialNumber, session, type BusPayload, type Ramal } from '@consig/shared';
import { toast } from 'react-hot-toast';
import type { AgentCallState, CallAgent, CallHandle } from './callAgent';

export type CallState = BusPayload<'telephony.call-state@1'>['state'];

/** The call in progress, as the call bar shows it. */
export interface Call {
  state: CallState;
  direction: 'incoming' | 'outgoing';
  remote: string;
  /** When the call was established (ms since epoch); the bar's timer counts from here. */
  establishedAt: number | null;
}

const TEXTS = {
  noRamal: 'Usuário não tem ramal.',
  unavailable: 'Telefonia indisponível no momento.',
  failed: 'Algo deu errado ao estabelecer conexão.',
} as const;

/** product-spec §5 "Outgoing call": an extension with User and Pass. */
const canCall = (ramal: Ramal | null) => Boolean(ramal?.User && ramal?.Pass);

interface Options {
  /** The SIP agent; null while there is none (not registered, or not built yet). */
  agent: CallAgent | null;
  getRamal?: () => Ramal | null;
  now?: () => number;
}

export type CallController = ReturnType<typeof createCallController>;

/**
 * One call at a time (the busy flag of product-spec §4): the current call is the flag. Every state
 * change is published on 'telephony.call-state@1' for the other screens (e.g. the dial icons).
 */
export function createCallController({ agent, getRamal = () => session.get().ramal, now = Date.now }: Options) {
  let call: Call | null = null;
  let handle: CallHandle | null = null;
  const listeners = new Set<() => void>();

  function report(next: Call) {
    const ended = next.state === 'terminated';
    call = ended ? null : next;
    if (ended) handle = null;
    listeners.forEach((listener) => listener());
    bus.publish('telephony.call-state@1', { state: next.state, direction: next.direction, remote: next.remote });
  }

  function onAgentState(state: AgentCallState) {
    if (!call) return; // a late report of a call that already ended
    report({ ...call, state, establishedAt: state === 'established' ? now() : call.establishedAt });
  }

  return {
    getCall: () => call,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    dial(number: string) {
      if (call) return; // busy: a new dial is ignored
      if (!canCall(getRamal())) {
        toast.error(TEXTS.noRamal);
        return;
      }
      const outgoing = { direction: 'outgoing', remote: number, establishedAt: null } as const;
      if (!agent) {
        toast.error(TEXTS.unavailable);
        report({ ...outgoing, state: 'terminated' });
        return;
      }
      // Busy from here on, so a second click cannot place a second call while the agent connects.
      report({ ...outgoing, state: 'establishing' });
      try {
        const placed = agent.call(dialNumber(number), onAgentState);
        if (call) handle = placed; // the agent may already have reported 'terminated'
      } catch (error) {
        console.error('[telephony] call failed', error);
        toast.error(TEXTS.failed);
        onAgentState('terminated');
      }
    },

    hangup() {
      handle?.end();
    },
  };
}
