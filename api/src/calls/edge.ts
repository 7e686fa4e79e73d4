/**
 * The decisions Kamailio asks for when a call starts (docs/rules.md "Calls"): may this extension call this
 * number now, and who takes a call to a company number. Each records the call and answers Kamailio's
 * `chave=valor;...` text. Kamailio gives up after 1 s and then refuses the call, so each is a few statements:
 * who owns the extension or number, one read of everything the decision needs, one insert.
 */
import { saoPauloDate } from '@consig/shared/credit';
import { nationalNumber } from '@consig/shared/format';
import { createCallsRepository, type StoredCall } from './calls.repository';
import type { Db } from '../db';
import { marketingBanCutoff } from '../queue/callingRules';
import { calledClient, callerIdFor, kamailioAnswer, lawfulDiallingRefusal, EDGE_REASON } from './edgeDecision';
import type { InboundForm, OutboundForm } from './kamailioForms';
import { createKamailioRepository } from './kamailio.repository';
import { recordMissedCall } from './missedCall';
import { stateOfNumber } from './phoneNumbers';

/** SIP codes of the refusals: 403 a rule forbids it, 404 no such company number, 480 nobody free, 484 no such number. */
const SIP = { FORBIDDEN: 403, NOT_FOUND: 404, UNAVAILABLE: 480, ADDRESS_INCOMPLETE: 484 } as const;

const refuse = (sipCode: number, reason: string, call: number | null = null) =>
  kamailioAnswer(
    call === null
      ? { decisao: 'recusar', codigo: sipCode, motivo: reason }
      : { decisao: 'recusar', codigo: sipCode, motivo: reason, ligacao: call },
  );

/** The answer an outbound or internal call's record stands for, so a re-sent INVITE gets the first answer again. */
function outboundAnswer(call: StoredCall | undefined): string {
  // A Call-ID another company's record holds, or an inbound call's: not this request's to allow.
  if (!call || call.direction === 'entrada') return refuse(SIP.FORBIDDEN, EDGE_REASON.CALL);
  if (call.closure === 'recusada') return refuse(call.sip ?? SIP.FORBIDDEN, call.refusal ?? EDGE_REASON.CALL, call.id);
  if (call.direction === 'interna') return kamailioAnswer({ decisao: 'permitir', tipo: 'interna', ligacao: call.id });
  return kamailioAnswer({ decisao: 'permitir', tipo: 'saida', ligacao: call.id, identificador: call.callerId ?? '' });
}

/**
 * POST /telefonia/sip/saida. An extension of the same company is an internal call; anything else goes to
 * the phone network, where the lawful-dialling rules apply in order (edgeDecision.ts). Unknown, inactive or
 * telephony-less callers and another company's extensions are refused without a record ('ramal').
 */
export async function placeCall(db: Db, form: OutboundForm, now: Date, configuredCallerId: string | undefined): Promise<string> {
  const owners = await createKamailioRepository({ db }).extensionOwners([form.ramal, form.destino]);
  const caller = owners.find((owner) => owner.extension === form.ramal);
  if (!caller?.usable) return refuse(SIP.FORBIDDEN, EDGE_REASON.EXTENSION);
  const calls = createCallsRepository({ db, companyId: caller.companyId });
  const base = { callId: form.chamada, attendantId: caller.personId, extension: caller.extension, origin: caller.extension, at: now };

  const callee = owners.find((owner) => owner.extension === form.destino);
  if (callee) {
    if (callee.companyId !== caller.companyId || !callee.usable) return refuse(SIP.FORBIDDEN, EDGE_REASON.EXTENSION);
    const call = {
      ...base,
      direction: 'interna' as const,
      clientId: null,
      campaignId: null,
      destination: callee.extension,
      callerId: null,
    };
    return outboundAnswer(await calls.open(call));
  }

  const number = nationalNumber(form.destino);
  if (!number) {
    const refused = { reason: EDGE_REASON.NUMBER, sip: SIP.ADDRESS_INCOMPLETE };
    const destination = form.destino.replace(/\D/g, '');
    return outboundAnswer(
      await calls.open({ ...base, direction: 'saida', clientId: null, campaignId: null, destination, callerId: null, refused }),
    );
  }
  const facts = await calls.outboundFacts(form.chamada, number, caller.personId, marketingBanCutoff(saoPauloDate(now)));
  if (facts.stored) return outboundAnswer(facts.stored);
  const refusal = lawfulDiallingRefusal({ ...facts, areaState: stateOfNumber(number), now });
  const client = calledClient(facts.clients);
  return outboundAnswer(
    await calls.open({
      ...base,
      direction: 'saida',
      clientId: client?.id ?? null,
      campaignId: client?.heldCampaign ?? null,
      destination: number,
      callerId: refusal ? null : callerIdFor(client, facts.mainNumber, configuredCallerId),
      refused: refusal ? { reason: refusal, sip: SIP.FORBIDDEN } : undefined,
    }),
  );
}

/**
 * POST /telefonia/sip/entrada. The company is the one whose number (taking inbound calls) was dialled; the
 * extensions to ring come in order (calls.repository.ts `inboundFacts`), and the client id, when the calling
 * number is exactly one client's, rides along for the screen-pop. Nobody free: refused 480, and the missed
 * call is recorded (missedCall.ts) in the same transaction as the record.
 */
export async function routeInbound(db: Db, form: InboundForm, now: Date): Promise<string> {
  const did = nationalNumber(form.did);
  const companyId = did ? await createKamailioRepository({ db }).companyOfNumber(did) : undefined;
  if (!did || companyId === undefined) return refuse(SIP.NOT_FOUND, EDGE_REASON.DID);
  const origin = nationalNumber(form.origem ?? '');
  const facts = await createCallsRepository({ db, companyId }).inboundFacts(form.chamada, origin);
  const forward = (call: StoredCall) =>
    kamailioAnswer({ decisao: 'encaminhar', ligacao: call.id, ramais: facts.extensions.join('.'), cliente: call.clientId });
  // A re-sent request for a call already over (nobody was free, or it rang out): nobody to ring any more.
  const refused = (call: StoredCall) => refuse(SIP.UNAVAILABLE, EDGE_REASON.NOBODY, call.id);

  if (facts.stored) {
    if (facts.stored.direction !== 'entrada') return refuse(SIP.FORBIDDEN, EDGE_REASON.CALL);
    return facts.stored.situation === 'encerrada' ? refused(facts.stored) : forward(facts.stored);
  }
  const call = {
    callId: form.chamada,
    direction: 'entrada' as const,
    attendantId: null,
    extension: null,
    clientId: facts.clients.length === 1 ? facts.clients[0] : null,
    campaignId: null,
    // A caller the carrier hides ('anonymous') is kept as what digits it had, often none.
    origin: origin ?? (form.origem ?? '').replace(/\D/g, ''),
    destination: did,
    callerId: null,
    at: now,
  };
  if (facts.extensions.length > 0) {
    const opened = await createCallsRepository({ db, companyId }).open(call);
    if (!opened || opened.direction !== 'entrada') return refuse(SIP.FORBIDDEN, EDGE_REASON.CALL);
    return forward(opened);
  }
  return db.transaction(async (tx) => {
    const scope = { db: tx, companyId };
    const calls = createCallsRepository(scope);
    const opened = await calls.open(call);
    if (!opened || opened.direction !== 'entrada') return refuse(SIP.FORBIDDEN, EDGE_REASON.CALL);
    // Closed here once: a concurrent copy of this request finds it closed and only answers.
    const closed = await calls.failed(opened.id, now.toISOString(), SIP.UNAVAILABLE);
    if (closed) await recordMissedCall(scope, closed.clientId, now);
    return refuse(SIP.UNAVAILABLE, EDGE_REASON.NOBODY, opened.id);
  });
}
