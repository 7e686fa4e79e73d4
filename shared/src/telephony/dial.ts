import { bus } from '../bus';

/**
 * The dial API any screen uses: it only publishes a request; the telephony remote (mounted by the host)
 * owns the SIP agent and answers with call-state events. No remote imports another remote's code.
 */
export function requestDial(number: string, clientId?: number) {
  bus.publish('telephony.dial@1', { number, clientId });
}
