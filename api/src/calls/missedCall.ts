/**
 * An inbound call nobody answered (docs/rules.md "Calls"): the client is called back. Used when nobody is free
 * to ring (edge.ts) and when Kamailio reports the ringing failed (callEvents.ts). Run it inside the transaction
 * that closed the call, with the app's clock: the callback's due time is a business decision.
 */
import type { CompanyScope } from '../auth/scope';
import { createQueueRepository } from '../queue/queue.repository';
import { leadCreditType } from '../queue/workingDay';
import { createCallsRepository } from './calls.repository';

/**
 * Final SIP codes of an inbound call that rang and was not taken: 408 (no answer in time), 480 (nobody
 * registered or free), 486 (the attendant's phone was busy), 487 (the client hung up first), 603 (the
 * attendant pressed 'Recusar').
 */
export const MISSED_CALL_CODES: readonly number[] = [408, 480, 486, 487, 603];

/** How the missed call was recorded; 'none': an unknown or ambiguous number (the call record is all there is). */
export type MissedCallRecord = 'callback' | 'held' | 'lead' | 'none';

/**
 * The client waiting in a running campaign's queue becomes a callback due now, owned by the attendant it
 * already deals with (or by nobody: then any attendant gets it at once); a client someone holds stays with
 * them. Otherwise it becomes a new lead of that attendant, or of the longest idle one, unless the client
 * already has a new lead or is do-not-call. A number that is no single client of the company has no client
 * to hang a lead or a callback on.
 */
export async function recordMissedCall(scope: CompanyScope, clientId: number | null, now: Date): Promise<MissedCallRecord> {
  if (clientId === null) return 'none';
  const calls = createCallsRepository(scope);
  const queue = createQueueRepository(scope);
  const owner = await calls.clientAttendant(clientId);
  const queued = await queue.callBackNow(clientId, owner, now);
  if (queued) return queued;
  const client = await calls.leadFacts(clientId);
  if (!client || client.doNotCall) return 'none';
  if (client.newLead) return 'lead';
  const attendant = owner ?? (await calls.longestIdleAttendant());
  if (attendant === null) return 'none';
  await queue.addLead(clientId, attendant, leadCreditType(client.agency), now);
  return 'lead';
}
