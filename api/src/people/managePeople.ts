/**
 * A company's people (issue 22 "People", docs/rules.md "People"): list, create, edit, deactivate, reactivate and a
 * manager's reset of someone's password. Each change is one transaction with its audit row (before and after, never
 * a password or its hash), so a change is never left unrecorded nor a record left without its change. Routes call
 * these; the SQL is in people.repository.ts.
 */
import { PEOPLE_TEXT, ROLE, type PeopleQuery, type Person, type PersonForm, type PersonRow } from '@consig/shared/contracts';
import { recordAudit, type AuditEntry } from '../audit/audit';
import { hashPassword } from '../auth/password';
import { isUniqueViolation } from '../db';
import { sendInvitation, type InvitationContext } from './invitation';
import type { CompanyScope } from '../auth/scope';
import type { Db } from '../db';
import { createFloorRepository } from '../floor/floor.repository';
import { ApiError } from '../http/errors';
import { createPeopleRepository, type PersonValues } from './people.repository';
import { temporaryPassword } from './temporaryPassword';

/** Who asks, from which client address (for the audit), at which instant (the app's clock). */
export interface Caller {
  actor: Person;
  address: string | null;
  now: Date;
}

type Repository = ReturnType<typeof createPeopleRepository>;

/**
 * Managers manage everyone of their company; supervisors only attendants: a supervisor may neither touch a
 * supervisor or manager nor make anyone one (the route already refused attendants).
 */
function assertMayManage(actor: Person, role: number): void {
  if (actor.ID_Funcao === ROLE.GERENTE) return;
  if (actor.ID_Funcao === ROLE.SUPERVISOR && role === ROLE.ATENDENTE) return;
  throw new ApiError(403, PEOPLE_TEXT.attendantsOnly);
}

/** The person of the company, locked; 404 for an unknown id and another company's alike. */
async function lockPerson(people: Repository, personId: number): Promise<PersonRow> {
  const person = await people.lock(personId);
  if (!person) throw new ApiError(404, PEOPLE_TEXT.notFound);
  return person;
}

/** A unique index refused the write: two requests raced past the checks below (the database has the last word). */
function uniqueViolationText(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const { constraint } = error as { constraint?: string };
  return constraint?.includes('ramal') ? PEOPLE_TEXT.extensionTaken : PEOPLE_TEXT.emailTaken;
}

async function written<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const text = uniqueViolationText(error);
    if (text) throw new ApiError(409, text);
    throw error;
  }
}

/**
 * The form's values as they will be written: the e-mail free, the supervisor one of the company's active
 * supervisors or managers, and the extension final (docs/rules.md "People": given, else kept, else the lowest free
 * one, with telephony on; none with telephony off unless given).
 */
async function resolve(people: Repository, form: PersonForm, current: PersonRow | null): Promise<PersonValues> {
  const personId = current?.ID_Pessoa ?? null;
  if (await people.emailTaken(form.EM_Email, personId)) throw new ApiError(409, PEOPLE_TEXT.emailTaken);
  const supervisorId = form.ID_Supervisor ?? null;
  if (supervisorId !== null) {
    if (supervisorId === personId) throw new ApiError(400, `ID_Supervisor: ${PEOPLE_TEXT.ownSupervisor}`);
    if (!(await people.canSupervise(supervisorId))) throw new ApiError(400, `ID_Supervisor: ${PEOPLE_TEXT.supervisorNotFound}`);
  }
  let extension = form.NU_Ramal || null;
  if (extension) {
    if (await people.extensionTaken(extension, personId)) throw new ApiError(409, PEOPLE_TEXT.extensionTaken);
  } else if (form.SN_Telefonia === 1) {
    extension = current?.NU_Ramal ?? (await people.lowestFreeExtension()) ?? null;
    if (!extension) throw new ApiError(400, `NU_Ramal: ${PEOPLE_TEXT.noFreeExtension}`);
  }
  return {
    name: form.DE_Pessoa,
    email: form.EM_Email,
    role: form.ID_Funcao,
    telephony: form.SN_Telefonia,
    extension,
    supervisorId,
  };
}

const audit = (
  db: Db,
  scope: CompanyScope,
  { actor, address }: Caller,
  entry: Pick<AuditEntry, 'action' | 'detail' | 'before' | 'after'>,
) => recordAudit(db, { companyId: scope.companyId, personId: actor.ID_Pessoa, address, ...entry });

/** GET /cadastros/pessoas. */
export async function listPeople(scope: CompanyScope, query: PeopleQuery) {
  const data = await createPeopleRepository(scope).list({
    search: query.q?.trim(),
    role: query.ID_Funcao,
    active: query.SN_Ativo,
    telephony: query.SN_Telefonia,
  });
  return { success: true, text: `${data.length} pessoa(s).`, data };
}

/**
 * POST /cadastros/pessoas: the new person, then their invitation e-mail when SMTP is set (invitation.ts); when there
 * is none, or it could not be sent, their temporary password, shown this once. Either way they must choose their
 * own password before anything else.
 */
export async function createPerson(scope: CompanyScope, form: PersonForm, caller: Caller, invitation: InvitationContext) {
  assertMayManage(caller.actor, form.ID_Funcao);
  const password = temporaryPassword({ email: form.EM_Email, name: form.DE_Pessoa });
  // scrypt takes its time outside the transaction, holding no lock.
  const passwordHash = await hashPassword(password);
  const row = await scope.db.transaction(async (tx) => {
    const people = createPeopleRepository({ db: tx, companyId: scope.companyId });
    const values = await resolve(people, form, null);
    const id = await written(() => people.insert(values, passwordHash));
    const created = (await people.one(id))!;
    await audit(tx, scope, caller, { action: 'pessoa.criacao', after: created });
    return created;
  });
  if (await sendInvitation(scope.db, invitation, row, caller.actor.DE_Pessoa, caller.now)) {
    return { success: true, text: PEOPLE_TEXT.invited(row.DE_Pessoa, row.EM_Email), data: { ...row, PW_Temporaria: null } };
  }
  const text = invitation.mail ? PEOPLE_TEXT.invitationFailed(row.DE_Pessoa) : PEOPLE_TEXT.created(row.DE_Pessoa);
  return { success: true, text, data: { ...row, PW_Temporaria: password } };
}

/** PUT /cadastros/pessoas/{ID_Pessoa}. A change of role applies at the person's next request (the bearer hook). */
export async function editPerson(scope: CompanyScope, personId: number, form: PersonForm, caller: Caller) {
  const row = await scope.db.transaction(async (tx) => {
    const people = createPeopleRepository({ db: tx, companyId: scope.companyId });
    const before = await lockPerson(people, personId);
    assertMayManage(caller.actor, before.ID_Funcao);
    assertMayManage(caller.actor, form.ID_Funcao);
    if (personId === caller.actor.ID_Pessoa && form.ID_Funcao !== before.ID_Funcao) throw new ApiError(400, PEOPLE_TEXT.ownRole);
    const values = await resolve(people, form, before);
    await written(() => people.update(personId, values));
    const after = (await people.one(personId))!;
    await audit(tx, scope, caller, { action: 'pessoa.edicao', before, after });
    return after;
  });
  return { success: true, text: `Cadastro alterado: ${row.DE_Pessoa}.`, data: row };
}

/**
 * POST /cadastros/pessoas/{ID_Pessoa}/desativar, everything in one transaction (docs/rules.md "People" →
 * "Deactivation"): the person can no longer sign in and every session they had is revoked (the trigger of migration
 * 023: HTTP at once, their sockets within 5 s, SIP credentials no longer renewed); the clients they hold in the queue
 * go back to waiting; their callbacks lose their owner, so any attendant takes each one when due; their state on the
 * floor becomes offline.
 */
export async function deactivatePerson(scope: CompanyScope, personId: number, caller: Caller) {
  const row = await scope.db.transaction(async (tx) => {
    const people = createPeopleRepository({ db: tx, companyId: scope.companyId });
    const before = await lockPerson(people, personId);
    assertMayManage(caller.actor, before.ID_Funcao);
    if (personId === caller.actor.ID_Pessoa) throw new ApiError(400, PEOPLE_TEXT.ownDeactivation);
    if (before.SN_Ativo === 0) throw new ApiError(409, PEOPLE_TEXT.alreadyInactive);
    await people.setActive(personId, 0);
    const clients = await people.releaseHeldClients(personId);
    const callbacks = await people.releaseCallbacks(personId);
    await goOffline(tx, scope.companyId, personId, caller.now);
    const after = (await people.one(personId))!;
    await audit(tx, scope, caller, {
      action: 'pessoa.desativacao',
      detail: { ID_ClientesDevolvidos: clients, NU_RetornosLiberados: callbacks },
      before,
      after,
    });
    return after;
  });
  return { success: true, text: `Pessoa desativada: ${row.DE_Pessoa}.`, data: row };
}

/** The attendant's floor state becomes offline now, its history row closed (floor.repository.ts). */
async function goOffline(tx: Db, companyId: number, personId: number, now: Date): Promise<void> {
  const floor = createFloorRepository({ db: tx, companyId });
  const stored = await floor.lockState(personId, now);
  if (stored.state !== 'offline') await floor.transition(personId, { state: 'offline', reasonId: null, callId: null }, now);
}

/** POST /cadastros/pessoas/{ID_Pessoa}/reativar. Old tokens stay dead (their sessions were revoked): they sign in again. */
export async function reactivatePerson(scope: CompanyScope, personId: number, caller: Caller) {
  const row = await scope.db.transaction(async (tx) => {
    const people = createPeopleRepository({ db: tx, companyId: scope.companyId });
    const before = await lockPerson(people, personId);
    assertMayManage(caller.actor, before.ID_Funcao);
    if (before.SN_Ativo === 1) throw new ApiError(409, PEOPLE_TEXT.alreadyActive);
    await people.setActive(personId, 1);
    const after = (await people.one(personId))!;
    await audit(tx, scope, caller, { action: 'pessoa.reativacao', before, after });
    return after;
  });
  return { success: true, text: `Pessoa reativada: ${row.DE_Pessoa}.`, data: row };
}

/**
 * POST /cadastros/pessoas/{ID_Pessoa}/senha-temporaria: a manager (or a supervisor, for an attendant) gives someone a
 * new temporary password, shown this once; every session of theirs is revoked, and they must choose their own
 * password at their next sign-in.
 */
export async function resetPassword(scope: CompanyScope, personId: number, caller: Caller) {
  // Who the person is decides what the password must not look like (their e-mail, their name).
  const target = await createPeopleRepository(scope).one(personId);
  if (!target) throw new ApiError(404, PEOPLE_TEXT.notFound);
  assertMayManage(caller.actor, target.ID_Funcao);
  if (personId === caller.actor.ID_Pessoa) throw new ApiError(400, PEOPLE_TEXT.ownPassword);
  if (target.SN_Ativo === 0) throw new ApiError(409, PEOPLE_TEXT.inactivePassword);
  const password = temporaryPassword({ email: target.EM_Email, name: target.DE_Pessoa });
  const passwordHash = await hashPassword(password);
  await scope.db.transaction(async (tx) => {
    const people = createPeopleRepository({ db: tx, companyId: scope.companyId });
    // Checked again under the lock: the person may have changed while the hash was made.
    const before = await lockPerson(people, personId);
    assertMayManage(caller.actor, before.ID_Funcao);
    if (before.SN_Ativo === 0) throw new ApiError(409, PEOPLE_TEXT.inactivePassword);
    await people.setTemporaryPassword(personId, passwordHash);
    const sessions = await people.revokeSessions(personId);
    await audit(tx, scope, caller, {
      action: 'pessoa.senha_redefinida',
      detail: { ID_Pessoa: personId, NU_SessoesEncerradas: sessions },
      before: { SN_TrocarSenha: before.SN_TrocarSenha },
      after: { SN_TrocarSenha: 1 },
    });
  });
  return {
    success: true,
    text: `Nova senha temporária de ${target.DE_Pessoa}. Anote-a: ela não será mostrada de novo.`,
    data: { ID_Pessoa: personId, PW_Temporaria: password },
  };
}
