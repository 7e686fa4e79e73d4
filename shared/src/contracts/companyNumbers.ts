import * as z from 'zod/mini';
import { nationalNumber } from '../format/phone';
import { envelope } from './envelope';
import { tooLong } from './fields';

// The company's numbers at the carrier (table numero_empresa; docs/rules.md "Calls" → "Numbers"):
// the main one is the caller number by default, a campaign may choose another (PUT /cadastro/campanha/{id}/numero).

/** One number: DDD + number (10 or 11 digits) or a non-geographic one (0303…); SN_Principal 1 = the main number, SN_Entrada 1 = a DID. */
export const companyNumber = z.object({
  ID_Numero: z.int(),
  NU_Numero: z.string(),
  DE_Numero: z.string(),
  SN_Principal: z.int(),
  SN_Entrada: z.int(),
});
export type CompanyNumber = z.infer<typeof companyNumber>;

/** GET /cadastro/numeros: the company's numbers, the main one first. */
export const companyNumbersResponse = envelope(z.array(companyNumber));

// Managing the numbers ('Cadastros' → 'Telefonia'; issue 22 "Company settings"; docs/rules.md "Company telephony"):
// managers (13) add, change and remove them under /cadastros/numeros; supervisors (12) read them.

/** Longest description of a number ('Central SP', 'Campanhas INSS'). */
export const COMPANY_NUMBER_LABEL_MAX = 60;

export const COMPANY_NUMBER_TEXT = {
  number: 'Informe o número com DDD (10 ou 11 dígitos) ou um número 0300, 0303, 0500, 0800 ou 0900 (11 dígitos).',
  label: 'Informe a descrição do número.',
  flag: 'Use 0 ou 1.',
  managersOnly: 'Apenas gerentes alteram a telefonia da empresa.',
  notFound: 'Número não encontrado.',
  taken: 'Este número já está cadastrado: cada número da operadora pertence a uma só empresa.',
  mainRemoval: 'O número principal não pode ser removido: torne outro número principal antes.',
  mainRequired: 'A empresa precisa de um número principal: para trocá-lo, torne outro número principal.',
} as const;

/** The refusal to remove a number some campaigns call from, naming them. */
export const numberInUseText = (campaigns: readonly string[]) =>
  `Este número é o de saída da(s) campanha(s) ${campaigns.join(', ')}: escolha outro número para ela(s) antes de removê-lo.`;

/**
 * A number as typed ('(11) 3003-0303', '+55 11 3003-0303', '0303 123 4567') brought to the form numero_empresa keeps
 * (nationalNumber, docs/rules.md "Numbers"); anything that is no phone number is refused with the rule.
 */
const typedNumber = z.pipe(
  z.string({ error: COMPANY_NUMBER_TEXT.number }).check(z.maxLength(30, COMPANY_NUMBER_TEXT.number)),
  z.transform((typed, context) => {
    const number = nationalNumber(typed);
    if (number) return number;
    context.issues.push({ code: 'custom', message: COMPANY_NUMBER_TEXT.number, input: typed });
    return z.NEVER;
  }),
);

const numberFlag = z.union([z.literal(0), z.literal(1)], { error: COMPANY_NUMBER_TEXT.flag });

/**
 * POST /cadastros/numeros and PUT /cadastros/numeros/{ID_Numero}: the whole form each time. SN_Principal 1 makes it
 * the company's main number (the previous one stops being it); SN_Entrada 1 makes calls to it from the phone network
 * reach the company (a DID).
 */
export const companyNumberForm = z.object({
  NU_Numero: typedNumber,
  DE_Numero: z
    .string({ error: COMPANY_NUMBER_TEXT.label })
    .check(z.trim(), z.minLength(1, COMPANY_NUMBER_TEXT.label), z.maxLength(COMPANY_NUMBER_LABEL_MAX, tooLong(COMPANY_NUMBER_LABEL_MAX))),
  SN_Principal: numberFlag,
  SN_Entrada: numberFlag,
});
export type CompanyNumberForm = z.infer<typeof companyNumberForm>;
export type CompanyNumberFormInput = z.input<typeof companyNumberForm>;

/** A campaign that calls from a number: its own choice, or none (then the main number serves it). */
export const numberCampaign = z.object({ ID_Campanha: z.int(), DE_Campanha: z.string() });
export type NumberCampaign = z.infer<typeof numberCampaign>;

/** A number as 'Telefonia' lists it: with the campaigns that call from it, by name. */
export const companyNumberRow = z.extend(companyNumber, { campanhas: z.array(numberCampaign) });
export type CompanyNumberRow = z.infer<typeof companyNumberRow>;

/** GET /cadastros/numeros: the main number first, then by number. */
export const companyNumberRowsResponse = envelope(z.array(companyNumberRow));
/** POST and PUT answer the number as it is now. */
export const companyNumberRowResponse = envelope(companyNumberRow);
