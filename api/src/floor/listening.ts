/**
 * 'Ouvir' (docs/rules.md "Attendant state"): a supervisor or manager listens to an attendant's call in silence.
 * rtpengine, which anchors every call, forks each side's media to a new participant (`subscribe request` per
 * participant of the call, as its `query` lists them): the offers go to the supervisor's browser, whose receive-only
 * answers come back (`subscribe answer`), and the media flows to that browser only. One subscription per side, not
 * one of all: rtpengine copies each side's media section with its mid, and both sides' are '0', which a browser
 * refuses in one offer. The call's two parties are not told anything: no SIP message is sent to them, their streams
 * are untouched. The forks end with the call, or on `unsubscribe`.
 */
import { randomUUID } from 'node:crypto';
import { LISTENING_TEXT, type ListeningOffer, type Person } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { RtpengineUnavailable, type RtpengineControl } from '../calls/rtpengineControl';
import { createFloorRepository } from './floor.repository';

/** What the browser's end speaks: WebRTC (ICE, DTLS-SRTP, RTCP multiplexed), as the softphone's leg. */
const BROWSER_MEDIA = {
  ICE: 'force',
  'transport-protocol': 'UDP/TLS/RTP/SAVPF',
  'rtcp-mux': ['offer', 'require'],
  replace: ['origin', 'session-connection'],
  flags: ['SDES-off', 'generate-mid', 'trust-address'],
};

/** Our subscriptions' tags, so that a call's own participants can be told from earlier listeners. */
const LISTENING_TAG_PREFIX = 'escuta-';
/** A call has two sides; a transfer or a conference could add one or two. */
const MAX_SIDES = 4;

/** The call's own participants in rtpengine's `query` answer (its `tags`), listeners left out. */
export function participants(query: Record<string, unknown>): string[] {
  const tags = query.tags;
  if (!tags || typeof tags !== 'object') return [];
  return Object.keys(tags).filter((tag) => !tag.startsWith(LISTENING_TAG_PREFIX));
}

interface Listening {
  actor: Person;
  /** The supervisor's client address, for the audit. */
  address: string | null;
  now: Date;
  control: RtpengineControl | null;
}

function relay(control: RtpengineControl | null): RtpengineControl {
  if (!control) throw new ApiError(503, LISTENING_TEXT.unavailable);
  return control;
}

/** The media relay's trouble as the API's answer: gone (503) or the call is no longer there (409). */
async function asked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RtpengineUnavailable) throw new ApiError(503, LISTENING_TEXT.unavailable);
    if (err instanceof Error && /^rtpengine:/.test(err.message)) throw new ApiError(409, LISTENING_TEXT.notInCall);
    throw err;
  }
}

/** Starts listening to the attendant's call in course: rtpengine's offer for the browser, audited. */
export async function startListening(
  scope: CompanyScope,
  attendantId: number,
  { actor, address, now, control }: Listening,
): Promise<ListeningOffer> {
  const floor = createFloorRepository(scope);
  const [attendant] = await floor.boardRows(now, attendantId);
  if (!attendant) throw new ApiError(404, 'Atendente não encontrado.');
  const call = await floor.callInCourse(attendantId);
  if (!call) throw new ApiError(409, LISTENING_TEXT.notInCall);
  const relayed = relay(control);
  const tag = `${LISTENING_TAG_PREFIX}${randomUUID()}`;
  const offers = await asked(async () => {
    const sides = participants(await relayed.command({ command: 'query', 'call-id': call.sipCallId }));
    if (sides.length === 0 || sides.length > MAX_SIDES) throw new ApiError(409, LISTENING_TEXT.notInCall);
    const sdps: string[] = [];
    for (const [index, side] of sides.entries()) {
      const offer = await relayed.command({
        command: 'subscribe request',
        'call-id': call.sipCallId,
        'from-tag': side,
        'to-tag': `${tag}.${index}`,
        ...BROWSER_MEDIA,
      });
      if (typeof offer.sdp !== 'string') throw new ApiError(503, LISTENING_TEXT.unavailable);
      sdps.push(offer.sdp);
    }
    return sdps;
  });
  const id = await scope.db.transaction(async (tx) => {
    const repository = createFloorRepository({ db: tx, companyId: scope.companyId });
    await repository.audit(actor.ID_Pessoa, 'ligacao.escuta', address, { detail: { ID_Ligacao: call.id, ID_Atendente: attendantId } });
    return repository.startListening(actor.ID_Pessoa, call.id, tag, offers.length, now);
  });
  return { ID_Escuta: id, DE_Ofertas: offers };
}

/** The browser's receive-only answers, one per offer in its order: media starts flowing to it. */
export async function answerListening(
  scope: CompanyScope,
  listeningId: number,
  sdps: string[],
  { actor, control }: Omit<Listening, 'now' | 'address'>,
) {
  const listening = await createFloorRepository(scope).openListening(actor.ID_Pessoa, listeningId);
  if (!listening) throw new ApiError(404, LISTENING_TEXT.notFound);
  if (sdps.length !== listening.parts) throw new ApiError(400, LISTENING_TEXT.oneAnswerPerOffer);
  const relayed = relay(control);
  await asked(async () => {
    for (const [index, sdp] of sdps.entries()) {
      await relayed.command({ command: 'subscribe answer', 'call-id': listening.sipCallId, 'to-tag': `${listening.tag}.${index}`, sdp });
    }
  });
}

/** Stops listening (the call may have ended already: then there is nothing left to stop at the relay). */
export async function stopListening(scope: CompanyScope, listeningId: number, { actor, now, control }: Omit<Listening, 'address'>) {
  const floor = createFloorRepository(scope);
  const listening = await floor.openListening(actor.ID_Pessoa, listeningId);
  if (!listening) throw new ApiError(404, LISTENING_TEXT.notFound);
  for (let index = 0; control && index < listening.parts; index++) {
    await control
      .command({ command: 'unsubscribe', 'call-id': listening.sipCallId, 'to-tag': `${listening.tag}.${index}` })
      .catch(() => undefined);
  }
  await floor.endListening(listeningId, now);
}
