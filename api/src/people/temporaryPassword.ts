import { randomInt } from 'node:crypto';
import { newPasswordProblem } from '../auth/passwordPolicy';

/**
 * Letters and digits a manager can read aloud or copy by hand without doubt: no 0/o, 1/l/i. 31 symbols, so each
 * one carries almost 5 bits.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A temporary password for a new person or a manager's reset (issue 22 "People"): four groups of four random
 * symbols ('k7fm-q2xr-hw9d-p3tz', about 79 bits, crypto.randomInt), shown once to the manager and replaced by the
 * person at their next sign-in. It must pass the rule every new password passes (auth/passwordPolicy.ts): random
 * text almost always does at once; the rare draw that spells a word or echoes the person's name is drawn again.
 */
export function temporaryPassword(person: { email: string; name: string }): string {
  for (;;) {
    const groups = Array.from({ length: GROUPS }, () =>
      Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    );
    const password = groups.join('-');
    if (!newPasswordProblem(password, person)) return password;
  }
}
