import * as z from 'zod/mini';
import { EMAIL_MAX } from './auth';
import { ROLE } from './domain';
import { envelope } from './envelope';
import { boundedText, INT4_MAX, tooLong } from './fields';

// People (issue 22 "People", docs/rules.md "People"): a company's managers (13) register, edit, deactivate and
// reactivate everyone of the company; supervisors (12) only attendants (11). Routes: /cadastros/pessoas.

/** Longest name a person may have (the screens show it whole on the board and the lists). */
export const PERSON_NAME_MAX = 100;
/** Longest search text of the list. */
export const PEOPLE_SEARCH_MAX = 100;
/** Extensions the API assigns by itself: the lowest free one of this range (one SIP realm: free in every company). */
export const EXTENSION_RANGE = { first: 1000, last: 9999 } as const;

export const PEOPLE_TEXT = {
  name: 'Informe o nome.',
  email: 'Email inválido.',
  role: 'Selecione uma função: Atendente (11), Supervisor (12) ou Gerente (13).',
  telephony: 'Use 1 (com telefonia) ou 0 (sem telefonia).',
  extension: 'Ramal inválido: use de 3 a 6 dígitos.',
  supervisor: 'Supervisor inválido.',
  flag: 'Use 0 ou 1.',
  roleFilter: 'Use 11, 12 ou 13.',
  notFound: 'Pessoa não encontrada.',
  emailTaken: 'Já existe uma pessoa com este e-mail.',
  extensionTaken: 'Este ramal já está em uso.',
  noFreeExtension: `Não há ramal livre entre ${EXTENSION_RANGE.first} e ${EXTENSION_RANGE.last}: informe um ramal.`,
  supervisorNotFound: 'Escolha como supervisor um supervisor ou gerente ativo da empresa.',
  ownSupervisor: 'Uma pessoa não pode ser supervisora de si mesma.',
  attendantsOnly: 'Supervisores cadastram e alteram apenas atendentes.',
  ownRole: 'Você não pode mudar a sua própria função.',
  ownDeactivation: 'Você não pode desativar a si mesmo.',
  ownPassword: 'Para trocar a sua própria senha, use "Esqueceu sua senha?" na tela de entrada.',
  alreadyInactive: 'Esta pessoa já está desativada.',
  alreadyActive: 'Esta pessoa já está ativa.',
  inactivePassword: 'Reative a pessoa antes de gerar uma senha temporária.',
  created: (name: string) => `Pessoa cadastrada: ${name}. Anote a senha temporária: ela não será mostrada de novo.`,
  invited: (name: string, email: string) => `Pessoa cadastrada: ${name}. Enviamos um convite para ${email} criar a senha.`,
  invitationFailed: (name: string) =>
    `Pessoa cadastrada: ${name}. Não foi possível enviar o convite por e-mail: anote a senha temporária, ela não será mostrada de novo.`,
} as const;

const flag = z.union([z.literal(0), z.literal(1)]);

/** A person as the people list shows them. Never a password or its hash. */
export const personRow = z.object({
  ID_Pessoa: z.int(),
  DE_Pessoa: z.string(),
  EM_Email: z.string(),
  ID_Funcao: z.int(),
  DE_Funcao: z.string(),
  SN_Telefonia: flag,
  /** The SIP extension; null without one. */
  NU_Ramal: z.nullable(z.string()),
  SN_Ativo: flag,
  /** 1: signs in next with a temporary password and must then choose their own. */
  SN_TrocarSenha: flag,
  ID_Supervisor: z.nullable(z.int()),
  DE_Supervisor: z.nullable(z.string()),
});
export type PersonRow = z.infer<typeof personRow>;

const bodyId = (message: string) => z.int({ error: message }).check(z.positive(message), z.maximum(INT4_MAX, message));

/**
 * POST /cadastros/pessoas and PUT /cadastros/pessoas/{ID_Pessoa}: the whole form each time. NU_Ramal left out
 * (or null, or empty): with telephony on, the person keeps the extension they have, else gets the lowest free one
 * of EXTENSION_RANGE; with telephony off, they have none. ID_Supervisor left out or null: nobody.
 */
export const personForm = z.object({
  DE_Pessoa: z
    .string({ error: PEOPLE_TEXT.name })
    .check(z.trim(), z.minLength(1, PEOPLE_TEXT.name), z.maxLength(PERSON_NAME_MAX, tooLong(PERSON_NAME_MAX))),
  // Measured after trimming, checked before the e-mail pattern runs (as at sign-in); kept in lower case, as sign-in
  // compares it.
  EM_Email: z.pipe(
    z
      .string({ error: PEOPLE_TEXT.email })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, PEOPLE_TEXT.email), z.maxLength(EMAIL_MAX, PEOPLE_TEXT.email)),
    z.email(PEOPLE_TEXT.email),
  ),
  ID_Funcao: z.union([z.literal(ROLE.ATENDENTE), z.literal(ROLE.SUPERVISOR), z.literal(ROLE.GERENTE)], { error: PEOPLE_TEXT.role }),
  SN_Telefonia: z.union([z.literal(0), z.literal(1)], { error: PEOPLE_TEXT.telephony }),
  NU_Ramal: z.optional(
    z.nullable(
      z
        .string({ error: PEOPLE_TEXT.extension })
        .check(z.trim(), z.maxLength(6, PEOPLE_TEXT.extension), z.regex(/^(\d{3,6})?$/, PEOPLE_TEXT.extension)),
    ),
  ),
  ID_Supervisor: z.optional(z.nullable(bodyId(PEOPLE_TEXT.supervisor))),
});
export type PersonForm = z.infer<typeof personForm>;

/** A 0/1 filter of a query string. */
const flagQuery = z.pipe(z.enum(['0', '1'], { error: PEOPLE_TEXT.flag }), z.transform(Number));

/**
 * GET /cadastros/pessoas: `q` (the name or the e-mail contains it, any case), the role, active or not, with
 * telephony or not; each left out: every one. Sorted by name.
 */
export const peopleQuery = z.object({
  q: z.optional(boundedText(PEOPLE_SEARCH_MAX)),
  ID_Funcao: z.optional(z.pipe(z.enum(['11', '12', '13'], { error: PEOPLE_TEXT.roleFilter }), z.transform(Number))),
  SN_Ativo: z.optional(flagQuery),
  SN_Telefonia: z.optional(flagQuery),
});
export type PeopleQuery = z.infer<typeof peopleQuery>;

export const peopleResponse = envelope(z.array(personRow));
/** Edit, deactivation and reactivation answer the person as they are now. */
export const personResponse = envelope(personRow);
/**
 * A new person, with the temporary password the API made for them: shown this once (only its hash is kept); they
 * must choose their own at their first sign-in. Null when an invitation e-mail went to them instead (SMTP set): its
 * link is their way in.
 */
export const personCreatedResponse = envelope(z.extend(personRow, { PW_Temporaria: z.nullable(z.string()) }));
/** POST /cadastros/pessoas/{ID_Pessoa}/senha-temporaria: a new temporary password, shown once. */
export const temporaryPasswordResponse = envelope(z.object({ ID_Pessoa: z.int(), PW_Temporaria: z.string() }));
