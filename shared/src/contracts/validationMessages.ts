import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { tooLong } from './fields';

// Our own Brazilian Portuguese for every zod issue a schema leaves without a message of its own (zod's pt locale
// is European and generic: 'Demasiado grande: esperado que string tivesse <=100 caracteres', '… recebeu um
// vetor'). Zod asks this map only after the messages a schema, a check or the parse call set themselves, so the
// texts the spec fixes in the contracts always win. It answers every issue (never undefined): undefined would fall
// through to zod's locale, English in the browser. The API prefixes the field (`campo: mensagem`); a form shows
// the message under its field, so every text reads well after its field's name.

/** A value that is missing (absent or null) where the schema needs one. */
export const REQUIRED_TEXT = 'Este campo é obrigatório.';
/** No JSON body at all (an object schema refusing at the root is a request body's). */
const MISSING_BODY_TEXT = 'Envie os dados da requisição em JSON.';
/** A JSON body that is not an object: a list, a text, a number. */
const NOT_AN_OBJECT_BODY_TEXT = 'Envie os dados da requisição como um objeto JSON.';
/** What the map answers when it can say nothing more precise (a refine without a message, say). */
const INVALID_VALUE_TEXT = 'Valor inválido.';

/** What a value should have been, as the object of 'Informe …'. */
const EXPECTED: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  date: 'uma data',
  array: 'uma lista',
  tuple: 'uma lista',
  set: 'uma lista',
  object: 'um objeto',
  record: 'um objeto',
  map: 'um objeto',
  file: 'um arquivo',
};

const FORMAT: Record<string, string> = {
  email: 'Email inválido.',
  date: 'Data inválida (use AAAA-MM-DD).',
  datetime: 'Data e hora inválidas (use AAAA-MM-DDTHH:MM:SS, ISO 8601).',
  time: 'Hora inválida (use HH:MM).',
  url: 'Endereço (URL) inválido.',
  uuid: 'Identificador inválido.',
  guid: 'Identificador inválido.',
  lowercase: 'Use apenas letras minúsculas.',
  uppercase: 'Use apenas letras maiúsculas.',
};

// Grouped and with a decimal comma, as the screens write numbers: 2.147.483.647, 0,01.
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 20 });
const number = (value: number | bigint) => decimal.format(value);
const count = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;
const isMissing = (input: unknown) => input === undefined || input === null;
/**
 * The type a schema expected. z.int() refuses a non-number as zod's number type does ('number'), before its own
 * integer check: its definition says it takes whole numbers only.
 */
function expectedOf(expected: string, schema: core.$ZodType | core.$ZodCheck | undefined): string {
  const format = (schema?._zod.def as { format?: string } | undefined)?.format;
  return expected === 'number' && format?.includes('int') ? 'int' : expected;
}
/** Values a person can read: 0, 1, dia; an empty text shows as "". */
const valueList = (values: readonly unknown[]) => values.map((value) => (value === '' ? '""' : String(value))).join(', ');
/** 'a', 'a ou b', 'a, b ou c'. */
const orList = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`);

function tooBig(issue: core.$ZodRawIssue<core.$ZodIssueTooBig>): string {
  const { origin, maximum, exact, inclusive } = issue;
  if (origin === 'string') return exact ? `Use exatamente ${count(maximum, 'caractere', 'caracteres')}.` : tooLong(Number(maximum));
  if (origin === 'array' || origin === 'set') return `Use ${exact ? 'exatamente' : 'no máximo'} ${count(maximum, 'item', 'itens')}.`;
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive === false ? `Informe um valor menor que ${number(maximum)}.` : `Informe um valor até ${number(maximum)}.`;
  }
  return 'Valor acima do permitido.';
}

function tooSmall(issue: core.$ZodRawIssue<core.$ZodIssueTooSmall>): string {
  const { origin, minimum, exact, inclusive } = issue;
  if (origin === 'string') {
    if (exact) return `Use exatamente ${count(minimum, 'caractere', 'caracteres')}.`;
    // An empty text where one character would do is a field left blank.
    if (Number(minimum) <= 1) return REQUIRED_TEXT;
    return `Use ao menos ${count(minimum, 'caractere', 'caracteres')}.`;
  }
  if (origin === 'array' || origin === 'set') return `Use ${exact ? 'exatamente' : 'ao menos'} ${count(minimum, 'item', 'itens')}.`;
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return inclusive === false ? `Informe um valor maior que ${number(minimum)}.` : `Informe um valor a partir de ${number(minimum)}.`;
  }
  return 'Valor abaixo do permitido.';
}

function invalidType(issue: core.$ZodRawIssue<core.$ZodIssueInvalidType>, root: boolean): string {
  if (root && issue.expected === 'object') return isMissing(issue.input) ? MISSING_BODY_TEXT : NOT_AN_OBJECT_BODY_TEXT;
  if (isMissing(issue.input)) return REQUIRED_TEXT;
  const expected = EXPECTED[expectedOf(issue.expected, issue.inst)];
  if (expected) return `Informe ${expected}.`;
  if (issue.expected === 'null') return 'Deixe este campo vazio.';
  if (issue.expected === 'undefined' || issue.expected === 'never' || issue.expected === 'void') return 'Não envie este campo.';
  return INVALID_VALUE_TEXT;
}

function invalidFormat(issue: core.$ZodRawIssue<core.$ZodIssueInvalidStringFormat>): string {
  const format = issue as core.$ZodRawIssue<core.$ZodStringFormatIssues>;
  if (format.format === 'starts_with') return `Deve começar com "${format.prefix}".`;
  if (format.format === 'ends_with') return `Deve terminar com "${format.suffix}".`;
  if (format.format === 'includes') return `Deve conter "${format.includes}".`;
  return FORMAT[issue.format] ?? 'Formato inválido.';
}

const choose = (values: readonly unknown[]) =>
  values.length === 1 ? `Valor inválido. Use ${valueList(values)}.` : `Valor inválido. Use um destes: ${valueList(values)}.`;

/**
 * No option of a union took the value. When each option refused it for its type or value alone, says what
 * the options take ('Informe um texto ou um número.', 'Valor inválido. Use um destes: 0, 1.'); else says no more
 * than that the value is invalid (a field-by-field explanation of every option would not help a person).
 */
function invalidUnion(issue: core.$ZodRawIssue<core.$ZodIssueInvalidUnion>): string {
  if (isMissing(issue.input)) return REQUIRED_TEXT;
  // The refusals come in the order of the union's options (finalized issues no longer carry their schema).
  const options = (issue.inst?._zod.def as { options?: core.$ZodType[] } | undefined)?.options ?? [];
  const types = new Set<string>();
  const values: unknown[] = [];
  for (const [index, refusals] of issue.errors.entries()) {
    const [refusal] = refusals;
    if (refusals.length !== 1 || refusal.path.length > 0) return INVALID_VALUE_TEXT;
    const expected = refusal.code === 'invalid_type' ? EXPECTED[expectedOf(refusal.expected, options[index])] : undefined;
    if (expected) types.add(expected);
    else if (refusal.code === 'invalid_value') values.push(...refusal.values);
    else return INVALID_VALUE_TEXT;
  }
  if (types.size && values.length) return INVALID_VALUE_TEXT;
  return types.size ? `Informe ${orList([...types])}.` : choose(values);
}

/**
 * The message of a zod issue no schema gave one: zod's `customError` (installValidationMessages). Missing
 * values read 'Este campo é obrigatório.'; an object refused at the root, which in the API is the request
 * body, asks for the body in JSON.
 */
export const validationMessage: core.$ZodErrorMap = (issue) => {
  const root = !issue.path?.length;
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue, root);
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'invalid_value':
      return isMissing(issue.input) ? REQUIRED_TEXT : choose(issue.values);
    case 'invalid_union':
      return invalidUnion(issue);
    case 'not_multiple_of':
      return `Informe um múltiplo de ${number(issue.divisor)}.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? `Campo não reconhecido: ${issue.keys[0]}.` : `Campos não reconhecidos: ${issue.keys.join(', ')}.`;
    case 'invalid_key':
      return 'Chave inválida.';
    case 'invalid_element':
      return 'Item inválido.';
    default:
      return INVALID_VALUE_TEXT;
  }
};

/**
 * Makes `validationMessage` zod's fallback for every schema of this JavaScript realm (zod's config is global):
 * the API at start-up (api/src/http/zodPt.ts), the browser once before its forms validate.
 */
export function installValidationMessages(): void {
  z.config({ customError: validationMessage });
}
