/**
 * The invitation e-mail of a new person (issue 22 "People": "a temporary password shown once, or an invitation
 * e-mail when SMTP is set"; docs/rules.md "People"): a single-use link to the page that sets their password, so the
 * manager never sees or passes on a password. Sent after the person is committed; when it cannot be sent the caller
 * falls back to showing the temporary password, so nobody is created without a way in.
 */
import type { FastifyBaseLogger } from 'fastify';
import { issuePasswordLink } from '../auth/passwordRecovery';
import type { Db } from '../db';
import { sendMail, type MailServer } from '../mail/mail';

/** How long an invitation's link stays usable: people start on a Monday after being registered on a Friday. */
export const INVITATION_LINK_DAYS = 7;
export const INVITATION_SUBJECT = 'Seu acesso ao Consig CRM';

/** Where invitations go out from: the SMTP server (undefined: none configured) and the product's address. */
export interface InvitationContext {
  mail: MailServer | undefined;
  appUrl: string;
  log: FastifyBaseLogger;
}

/** The e-mail's text: who is invited, by which company's manager, the link, how long it lasts. */
export function invitationText(name: string, invitedBy: string, link: string): string {
  return [
    `Olá, ${name.trim()}.`,
    '',
    `${invitedBy.trim()} cadastrou você no Consig CRM. Abra o link abaixo para criar a sua senha e entrar:`,
    '',
    link,
    '',
    `O link vale por ${INVITATION_LINK_DAYS} dias e uma só vez. Depois disso, peça um novo a quem cadastrou você ` +
      "ou use 'Esqueceu sua senha?' na página de entrada.",
    'Se você não esperava este convite, ignore este e-mail.',
  ].join('\n');
}

/** Sends the invitation; false when no SMTP server is configured or the send failed (logged, never the link). */
export async function sendInvitation(
  db: Db,
  { mail, appUrl, log }: InvitationContext,
  person: { ID_Pessoa: number; DE_Pessoa: string; EM_Email: string },
  invitedBy: string,
  at: Date,
): Promise<boolean> {
  if (!mail) return false;
  try {
    const link = await issuePasswordLink(db, appUrl, person.ID_Pessoa, at, INVITATION_LINK_DAYS * 86_400_000);
    await sendMail(mail, { to: person.EM_Email, subject: INVITATION_SUBJECT, text: invitationText(person.DE_Pessoa, invitedBy, link) });
    return true;
  } catch (error) {
    log.warn({ err: error, pessoa: person.ID_Pessoa }, 'convite por e-mail não enviado: a senha temporária foi mostrada a quem cadastrou');
    return false;
  }
}
