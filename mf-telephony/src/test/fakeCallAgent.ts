import type { CallAgent, CallObserver, IncomingCall, RegistrationStatus } from '../call-bar/calls/callAgent';

/** An incoming call of the fake agent: what the controller asked of it, and the observer it watches it with. */
export type FakeIncomingCall = IncomingCall & {
  observer: CallObserver | null;
  watch: jest.Mock;
  answer: jest.Mock;
  reject: jest.Mock;
  end: jest.Mock;
  refuseBusy: jest.Mock;
};

/**
 * A test double of the SIP agent (calls/callAgent.ts): records the calls placed and lets the test report
 * their states, ring incoming calls and change the registration.
 */
export function fakeCallAgent(status: RegistrationStatus = 'registered', extension = '1001') {
  const placed: { target: string; observer: CallObserver; end: jest.Mock }[] = [];
  const registrationListeners = new Set<() => void>();
  let incomingListener: ((call: IncomingCall) => void) | null = null;
  let registration = { status, extension };

  const agent: CallAgent & { stop: jest.Mock } = {
    call(target, observer) {
      const end = jest.fn();
      placed.push({ target, observer, end });
      return { end };
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
    stop: jest.fn(),
  };

  return {
    agent,
    placed,
    /** An incoming call arrives from `number`, named `displayName`. */
    ring(displayName: string | null = '4321', number = '2000'): FakeIncomingCall {
      const call: FakeIncomingCall = {
        displayName,
        number,
        observer: null,
        watch: jest.fn((observer: CallObserver) => {
          call.observer = observer;
        }),
        answer: jest.fn(),
        reject: jest.fn(),
        end: jest.fn(),
        refuseBusy: jest.fn(),
      };
      incomingListener?.(call);
      return call;
    },
    setStatus(next: RegistrationStatus) {
      registration = { status: next, extension };
      registrationListeners.forEach((listener) => listener());
    },
    isListening: () => incomingListener !== null,
  };
}
