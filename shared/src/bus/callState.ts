import type { BusPayload } from './events';

/** What `useBusState('telephony.call-state@1')` holds: the telephony remote's last report, or null. */
export type CallStateReport = BusPayload<'telephony.call-state@1'> | null;

/** States in which no call is going on; anything else means a call is ringing, starting, up or ending. */
const AT_REST: ReadonlySet<string> = new Set(['idle', 'terminated']);

/** A call is ringing, being set up, established or being hung up (the dial icons stay off, product-spec §2). */
export const isCallInProgress = (report: CallStateReport): boolean => report !== null && !AT_REST.has(report.state);

/**
 * The last call has ended ('terminated'): with a client loaded this is when the call tabulation menu shows
 * (product-spec §4 "Attendant status"). Null (no call since sign-in) is not an ended call.
 */
export const hasCallEnded = (report: CallStateReport): boolean => report?.state === 'terminated';
