/**
 * What a new password must be (docs/rules.md "Sign-in and sessions", issue 22 "People"): at least PASSWORD_MIN
 * characters, not the person's e-mail (nor its name part), and not guessable: zxcvbn-ts, with its common and
 * Brazilian Portuguese dictionaries (frequent passwords, names, words) and the person's own e-mail and name as
 * hints, must score it 3 or more (of 0–4: "safely unguessable" against an offline attack on a slow hash).
 * NIST SP 800-63B §3.1.1.2 asks exactly this: a length floor and a check against lists of common or compromised
 * values, no composition rules.
 */
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TEXT } from '@consig/shared/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as ptBrDictionary, translations } from '@zxcvbn-ts/language-pt-br';

/** The least zxcvbn score a new password needs. */
const MIN_SCORE = 3;

/** Built once, on first use: the dictionaries take tens of milliseconds to index. */
let checker: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...ptBrDictionary },
    graphs: adjacencyGraphs,
    translations,
  }));

/** The refusal text of a new password for this person, or undefined when it may be used. */
export function newPasswordProblem(password: string, person: { email: string; name?: string }): string | undefined {
  if (password.length < PASSWORD_MIN) return PASSWORD_TEXT.tooShort;
  if (password.length > PASSWORD_MAX) return PASSWORD_TEXT.tooLong;
  const email = person.email.trim().toLowerCase();
  const typed = password.trim().toLowerCase();
  if (typed === email || typed === email.split('@')[0]) return PASSWORD_TEXT.isEmail;
  const names = person.name ? person.name.toLowerCase().split(/\s+/) : [];
  const hints = [email, email.split('@')[0], ...names, names.join('')].filter(Boolean);
  if (zxcvbn().check(password, hints).score < MIN_SCORE) return PASSWORD_TEXT.tooCommon;
  return undefined;
}
