/**
 * Control characters never reach the database (docs/rules.md "Bad input"): U+0000–U+0008, U+000B, U+000C,
 * U+000E–U+001F and U+007F (DEL) in a text that comes in are refused; tab, LF and CR are text. PostgreSQL
 * refuses U+0000 in a text column (the request failed with 500), and nobody types the others: they come from a
 * broken file or a client that sends bytes as text. One rule for every request (the hook below) and for every
 * file line (imports/lineRules.ts, suppression/suppressionCsv.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, validationText } from './errors';

/** The answer's message, after the field's path ('cliente.DE_Pessoa: Remova os caracteres de controle do texto.'). */
export const CONTROL_CHARACTERS_TEXT = 'Remova os caracteres de controle do texto.';

/** Every UTF-16 code unit but the refused ones (written as what is allowed: no control character in the pattern). */
const TEXT_CHARACTER = String.raw`\t\n\r\x20-\x7e\x80-\uffff`;
/**
 * A text without them, matched whole. Anchored, the engine runs one tight loop over the text instead of trying a
 * match at every position: about twice as fast on the 80 MB data URL of an import's upload.
 */
const CLEAN_TEXT = new RegExp(`^[${TEXT_CHARACTER}]*$`);
const CONTROL_CHARACTER = new RegExp(`[^${TEXT_CHARACTER}]`, 'g');

export function hasControlCharacter(text: string): boolean {
  return !CLEAN_TEXT.test(text);
}

/**
 * The text with each control character replaced by its picture (U+2400–U+241F, U+2421 for DEL: '␀', '␛', '␡'),
 * to show or keep a refused text as it came (an import's rejected line) without the characters themselves.
 */
export function showControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTER, (char) => {
    const code = char.charCodeAt(0);
    return String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);
  });
}

/** A value met while walking, with how it was reached (the path is only built for the one refused). */
interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

const pathOf = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * Arrays and objects as the parsers build them (JSON, forms; the query string's have a prototype without
 * Object's): walked. Never binary data, whose keys would be its bytes.
 */
const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);

/**
 * The path (keys and array indexes) to the first string, in document order, holding a control character, or to
 * the first object key holding one (its last segment shows it with control pictures); null when there is none.
 * Iterative: a deeply nested body must not overflow the stack.
 */
export function controlCharacterPath(value: unknown): string[] | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (typeof visit.value === 'string') {
      if (hasControlCharacter(visit.value)) return pathOf(visit);
    } else if (isContainer(visit.value)) {
      const entries = Object.entries(visit.value);
      for (const [key] of entries) {
        if (hasControlCharacter(key)) return [...pathOf(visit), showControlCharacters(key)];
      }
      // Pushed last to first, so the first child is looked at first.
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: visit });
    }
  }
  return null;
}

/**
 * Every route, before its validation and handler: path parameters, query string and body (JSON, or Kamailio's
 * forms) are walked and a control character answers 400 naming the field, written as a validation error writes
 * it. Headers need no check: Node's HTTP parser refuses control characters in them.
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.ownControlCharacterCheck) return;
    for (const part of [request.params, request.query, request.body]) {
      const path = controlCharacterPath(part);
      if (path) throw new ApiError(400, validationText([{ instancePath: `/${path.join('/')}`, message: CONTROL_CHARACTERS_TEXT }]));
    }
  });
}
