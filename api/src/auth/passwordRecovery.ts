/**
 * 'Esqueceu sua senha?' (issue 22 "Password recovery and access requests", docs/rules.md "Password recovery"):
 * a single-use link valid RECOVERY_LINK_MINUTES, e-mailed to an active person, whose page sets a new password.
 * The database keeps only the SHA-256 of the link's token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_RECOVERY_TEXT, type PasswordResetRequest } from '@consig/shared/contracts';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { sendMail, type MailServer } from '../mail/mail';
import type { SessionService } from './authenticate';
import { hashPassword } from './password';
import { newPasswordProblem } from './passwordPolicy';
import { createPasswordsRepository } from './passwords.repository';
import { createPeopleRepository } from './people.repository';
import { createSessionsRepository } from './sessions.repository';

export const RECOVERY_LINK_MINUTES = 30;
export const RECOVERY_SUBJECT = 'Crie uma nova senha do Consig CRM';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export interface RecoveryContext {
  db: Db;
  /** The SMTP server; undefined when the installation sends no e-mail. */
  mail: MailServer | undefined;
  /** APP_URL: where the link leads. */
  appUrl: string;
  log: FastifyBaseLogger;
}

/** The e-mail's text: who asked, the link and how long it lasts, what to do when it was not them. */
export function recoveryText(name: string, link: string): string {
  return [
    name.trim() ? `Olá, ${name.trim()}.` : 'Olá.',
    '',
    'Recebemos um pedido para criar uma nova senha do seu acesso ao Consig CRM. Abra o link abaixo e escolha a nova senha:',
    '',
    link,
    '',
    `O link vale por ${RECOVERY_LINK_MINUTES} minutos e uma só vez; um pedido novo invalida os anteriores.`,
    'Se você não pediu uma nova senha, ignore este e-mail: a sua senha atual continua valendo.',
  ].join('\n');
}

/**
 * A new single-use link to the page that sets the person's password (/redefinir-senha), valid `validMs` from `at`;
 * it ends every earlier pending link of theirs. Only the token's SHA-256 is kept: the link exists only in what is
 * sent to the person.
 */
export async function issuePasswordLink(db: Db, appUrl: string, personId: number, at: Date, validMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(at.getTime() + validMs);
  await db.transaction((tx) => createPasswordsRepository({ db: tx }).createLink(personId, sha256(token), at, expiresAt));
  return `${appUrl}/redefinir-senha?token=${encodeURIComponent(token)}`;
}

/**
 * The work of one request, for `email` (lower case), after the route has answered: the answer must not depend on
 * whether the e-mail is registered, neither in its text nor in its time. Nothing for an unknown or inactive e-mail.
 */
export async function sendRecoveryLink({ db, mail, appUrl, log }: RecoveryContext, email: string, at: Date): Promise<void> {
  const person = await createPeopleRepository({ db }).findActiveByEmail(email);
  if (!person) return;
  if (!mail) {
    // Never the link: whoever reads the logs must not be able to use it.
    log.warn({ pessoa: person.ID_Pessoa }, 'link de recuperação de senha não enviado: o envio de e-mails não está configurado (SMTP_URL)');
    return;
  }
  const link = await issuePasswordLink(db, appUrl, person.ID_Pessoa, at, RECOVERY_LINK_MINUTES * 60_000);
  try {
    await sendMail(mail, { to: email, subject: RECOVERY_SUBJECT, text: recoveryText(person.DE_Pessoa, link) });
  } catch (error) {
    log.warn({ err: error, pessoa: person.ID_Pessoa }, 'envio do e-mail de recuperação de senha falhou');
  }
}

/**
 * POST /lnk/senha/redefinir: a pending link sets the new password (under the rule: a refused password leaves the
 * link pending), is spent, lifts the temporary-password requirement, and every session of the person ends (whoever
 * held one may be why the password was forgotten, or changed).
 */
export async function resetPassword(
  { db, sessions, at, ip }: { db: Db; sessions: SessionService; at: Date; ip: string },
  { TX_Token, PW_Nova }: PasswordResetRequest,
): Promise<void> {
  const revoked = await db.transaction(async (tx) => {
    const passwords = createPasswordsRepository({ db: tx });
    const link = await passwords.linkForUpdate(sha256(TX_Token));
    if (!link || !link.active) throw new ApiError(400, PASSWORD_RECOVERY_TEXT.invalid);
    if (link.usedAt) throw new ApiError(400, PASSWORD_RECOVERY_TEXT.used);
    if (link.expiresAt.getTime() <= at.getTime()) throw new ApiError(400, PASSWORD_RECOVERY_TEXT.expired);
    const problem = newPasswordProblem(PW_Nova, { email: link.email, name: link.name });
    if (problem) throw new ApiError(400, problem);

    await passwords.setPassword(link.personId, link.companyId, await hashPassword(PW_Nova));
    await passwords.markUsed(link.id, at);
    const ended = await createSessionsRepository({ db: tx }).revokeOfPerson(link.personId, 'senha');
    await recordAudit(tx, {
      companyId: link.companyId,
      personId: link.personId,
      action: 'pessoa.senha_redefinida',
      address: ip,
      detail: { meio: 'link de recuperação' },
    });
    return ended;
  });
  sessions.forget(revoked);
}
