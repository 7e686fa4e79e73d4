import * as z from 'zod/mini';
import { realtimeAlert } from '../contracts';

/**
 * The events host and remotes exchange. A name carries its version (`…@1`): a payload change that is
 * not backwards compatible gets a new name, so a remote built against the old contract keeps working
 * until every publisher has moved.
 */
export const callStates = ['idle', 'incoming', 'establishing', 'established', 'terminating', 'terminated'] as const;

export const busEvents = {
  /** Ask the telephony remote to place a call. */
  'telephony.dial@1': z.object({ number: z.string().check(z.minLength(1)), clientId: z.optional(z.int()) }),
  /** The telephony remote reports each call-state change. */
  'telephony.call-state@1': z.object({
    state: z.enum(callStates),
    direction: z.nullable(z.enum(['incoming', 'outgoing'])),
    remote: z.nullable(z.string()),
  }),
  /** An incoming call was answered: the host opens /atendimento for that client. */
  'telephony.answered@1': z.object({ clientId: z.string().check(z.regex(/^\d+$/)) }),
  /**
   * An incoming call from the phone network whose number is no client's (it came without a display name) was
   * answered: the host opens /atendimento with 'Novo Cliente' and that number. `number` is DDD + number, or a
   * non-geographic number (0800…), as `nationalNumber` makes it. A new event rather than a change to
   * 'telephony.answered@1': that one keeps its payload and its meaning (a known client), so neither side has
   * to move in step with the other.
   */
  'telephony.unknown-caller-answered@1': z.object({ number: z.string().check(z.regex(/^\d{10,11}$/)) }),
  /** Every message of the realtime socket. */
  'realtime.alert@1': realtimeAlert,
  /** Alert 1087: an operation changed on the server (product-spec §4 "Operation update from a push"). */
  'attendance.operation-update@1': z.object({ operation: z.record(z.string(), z.unknown()) }),
  /** The user signed out: stop the telephony agent, drop caches. */
  'session.logout@1': z.object({}),
} as const;

export type BusEventName = keyof typeof busEvents;
export type BusPayload<N extends BusEventName> = z.infer<(typeof busEvents)[N]>;

/**
 * State-like events: the bus keeps the last payload of each, so a screen mounted after it was published
 * (e.g. /atendimento opened by an answered call) starts from the current state instead of a default
 * (`bus.last`, `useBusState`). Announcements (dial, answered, alerts, logout) are not retained: replaying
 * one to a late subscriber would repeat its effect.
 */
export const retainedBusEvents = ['telephony.call-state@1'] as const satisfies readonly BusEventName[];
export type RetainedBusEventName = (typeof retainedBusEvents)[number];

/** Publishing this forgets every retained payload: the next person to sign in starts from no state. */
export const clearsRetainedBusState = 'session.logout@1' satisfies BusEventName;
