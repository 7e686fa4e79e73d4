/**
 * PUT /lnk/senha (docs/rules.md "Sign-in and sessions"): the signed-in person replaces their password, the
 * temporary one of a first sign-in included. The current password is checked like a sign-in (and counts toward its
 * throttling: a stolen session cannot guess it faster than the sign-in could), the new one against the rule
 * (passwordPolicy.ts); this session stays, every other one of the person is revoked.
 */
import { PASSWORD_CHANGE_TEXT, type PasswordChangeRequest, type Person } from '@consig/shared/contracts';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db';
import { ApiError, TEXT } from '../http/errors';
import type { SessionService } from './authenticate';
import { hashPassword, verifyPassword } from './password';
import { newPasswordProblem } from './passwordPolicy';
import { createPasswordsRepository } from './passwords.repository';
import { createSessionsRepository } from './sessions.repository';
import { addressKey, recordSuccess, reserveAttempt, Throttled } from './throttle';

export interface PasswordChangeCaller {
  person: Person;
  sessionId: string;
  /** request.ip: the throttling's address and the audit's. */
  ip: string;
}

export async function changePassword(
  { db, sessions }: { db: Db; sessions: SessionService },
  { person, sessionId, ip }: PasswordChangeCaller,
  { PW_Atual, PW_Nova }: PasswordChangeRequest,
): Promise<void> {
  const { ID_Pessoa: personId, ID_Empresa: companyId } = person;
  const credentials = await createPasswordsRepository({ db }).credentialsOf(personId, companyId);
  if (!credentials) throw new ApiError(401, TEXT.unauthorized);
  const email = credentials.email.toLowerCase();
  const address = addressKey(ip);

  // Reserved before the check, as at sign-in: parallel guesses cannot outrun the count.
  const verdict = await reserveAttempt(db, email, address);
  if (!verdict.allowed) throw new Throttled(verdict.retryAfterSeconds);
  if (!(await verifyPassword(PW_Atual, credentials.hash))) throw new ApiError(400, PASSWORD_CHANGE_TEXT.wrongCurrent);
  await recordSuccess(db, email, address);

  // A temporary password kept would stay known to whoever gave or saw it.
  if (PW_Nova === PW_Atual) throw new ApiError(400, PASSWORD_CHANGE_TEXT.sameAsCurrent);
  const problem = newPasswordProblem(PW_Nova, { email, name: credentials.name });
  if (problem) throw new ApiError(400, problem);

  const hash = await hashPassword(PW_Nova);
  const revoked = await db.transaction(async (tx) => {
    await createPasswordsRepository({ db: tx }).setPassword(personId, companyId, hash);
    const ended = await createSessionsRepository({ db: tx }).revokeOfPerson(personId, 'senha', sessionId);
    // Never the hashes: the row says that it changed, not to what.
    await recordAudit(tx, { companyId, personId, action: 'pessoa.senha_alterada', address: ip });
    return ended;
  });
  // After the commit: a lookup in between would cache the old state again.
  sessions.forget([...revoked, sessionId]);
}
