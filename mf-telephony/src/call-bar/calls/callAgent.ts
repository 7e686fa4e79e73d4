/**
 * What the call controller needs from a SIP user agent, kept small so the JsSIP agent plugs in behind it
 * (docs/architecture.md "Parts": the telephony remote owns the SIP agent). Incoming calls will join this interface
 * with that agent.
 */
export interface CallAgent {
  /** Places an outgoing call; `report` receives every session state until 'terminated'. */
  call(target: string, report: (state: AgentCallState) => void): CallHandle;
}

/** Session states of product-spec §4 "Calls and telephony" after the call was placed. */
export type AgentCallState = 'establishing' | 'established' | 'terminating' | 'terminated';

export interface CallHandle {
  /** Hangs up when established, otherwise cancels (product-spec §2 'Terminar'). */
  end(): void;
}
