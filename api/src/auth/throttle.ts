import { isIPv6 } from 'node:net';
import type { Db } from '../db';
import { ApiError } from '../http/errors';

/**
 * Sign-in throttling, kept in the database so that it holds across API instances (docs/rules.md
 * "Sign-in throttling"). Each attempt is RESERVED (a row in tentativa_login) before the password is
 * checked, under advisory locks on its e-mail and its address: parallel requests cannot all read
 * "no failures yet" and all get a verdict. The row stays as a failure unless the attempt succeeds.
 *
 * - One e-mail from one address (the pair) gets 5 attempts at once, then waits longer and longer:
 *   a typing agent behind an office NAT slows only themself down, nobody else.
 * - Beyond that, two ceilings bound guessing from addresses the e-mail has not signed in from lately:
 *   per e-mail (many addresses attacking one account) and per address (one address trying many
 *   e-mails). A known address is exempt, so strangers cannot lock an owner out of the usual places.
 * - Refused attempts are not recorded: waiting always works. A success clears the pair.
 */
export const THROTTLE = {
  /** Minutes to wait after the pair's n-th failure (n from 1); the last value repeats. */
  pairDelaysMinutes: [0, 0, 0, 0, 1, 2, 4, 8, 15, 30],
  /** How long a pair's failures count. */
  pairMemoryHours: 24,
  /** At most this many failures per e-mail within the window, from addresses not known to it. */
  email: { maxFailures: 20, windowHours: 24 },
  /** At most this many failures per address within the window, for e-mails it is not known to. */
  address: { maxFailures: 50, windowHours: 24 },
  /** An address stays known to an e-mail this long after a successful sign-in from it. */
  knownAddressDays: 30,
} as const;

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

// Advisory-lock namespaces (first key of pg_advisory_xact_lock(int, int)); the second key hashes the value.
const LOCK_EMAIL = 7_215_101;
const LOCK_ADDRESS = 7_215_102;
const HOUR_MS = 3_600_000;
/** Rows older than every window no longer count. */
const KEEP_HOURS = Math.max(THROTTLE.pairMemoryHours, THROTTLE.email.windowHours, THROTTLE.address.windowHours);

/**
 * Reserves one sign-in attempt for `email` from `address` (see addressKey), or says how long to
 * wait. `at` replaces the database clock in tests.
 */
export async function reserveAttempt(db: Db, email: string, address: string, at?: Date): Promise<Verdict> {
  const verdict = await db.transaction(async (tx) => {
    // Always e-mail first, then address: two attempts never wait for each other in a cycle.
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_EMAIL, email]);
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_ADDRESS, address]);
    const now = at ?? (await tx.query<{ now: Date }>('select clock_timestamp() as now'))[0].now;

    const waits = [await pairWait(tx, email, address, now)];
    if (!(await isKnown(tx, email, address, now))) {
      waits.push(await ceilingWait(tx, 'em_email', email, THROTTLE.email, now));
      waits.push(await ceilingWait(tx, 'de_ip', address, THROTTLE.address, now));
    }
    const waitMs = Math.max(...waits);
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } as const;

    await tx.query('insert into tentativa_login (em_email, de_ip, ts_tentativa) values ($1, $2, $3)', [email, address, now.toISOString()]);
    return { allowed: true, now } as const;
  });
  if (!verdict.allowed) return verdict;
  // Rows past every window no longer count: purged here rather than by a scheduled job.
  await db.query('delete from tentativa_login where ts_tentativa <= $1::timestamptz - make_interval(hours => $2)', [
    verdict.now.toISOString(),
    KEEP_HOURS,
  ]);
  return { allowed: true };
}

/** A successful sign-in: forgets the pair's failures and remembers the address as known to the e-mail. */
export async function recordSuccess(db: Db, email: string, address: string, at?: Date): Promise<void> {
  const now = at?.toISOString() ?? null; // null: the database clock, like reserveAttempt
  await db.query('delete from tentativa_login where em_email = $1 and de_ip = $2', [email, address]);
  await db.query(
    `insert into acesso_conhecido (em_email, de_ip, ts_acesso) values ($1, $2, coalesce($3::timestamptz, now()))
     on conflict (em_email, de_ip) do update set ts_acesso = excluded.ts_acesso`,
    [email, address, now],
  );
  await db.query('delete from acesso_conhecido where ts_acesso <= coalesce($1::timestamptz, now()) - make_interval(days => $2)', [
    now,
    THROTTLE.knownAddressDays,
  ]);
}

/** Milliseconds until the pair may try again (0: now). */
async function pairWait(tx: Db, email: string, address: string, now: Date): Promise<number> {
  const [pair] = await tx.query<{ failures: number; latest: Date | null }>(
    `select count(*)::int as failures, max(ts_tentativa) as latest from tentativa_login
      where em_email = $1 and de_ip = $2 and ts_tentativa > $3::timestamptz - make_interval(hours => $4)`,
    [email, address, now.toISOString(), THROTTLE.pairMemoryHours],
  );
  if (pair.failures === 0 || !pair.latest) return 0;
  const delays = THROTTLE.pairDelaysMinutes;
  const delayMinutes = delays[Math.min(pair.failures, delays.length) - 1];
  return pair.latest.getTime() + delayMinutes * 60_000 - now.getTime();
}

async function isKnown(tx: Db, email: string, address: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from acesso_conhecido
      where em_email = $1 and de_ip = $2 and ts_acesso > $3::timestamptz - make_interval(days => $4)`,
    [email, address, now.toISOString(), THROTTLE.knownAddressDays],
  );
  return rows.length > 0;
}

/**
 * Milliseconds until fewer than `maxFailures` failures of this e-mail (or address) remain in the
 * window: when the maxFailures-th most recent one leaves it.
 */
async function ceilingWait(
  tx: Db,
  column: 'em_email' | 'de_ip',
  value: string,
  ceiling: { maxFailures: number; windowHours: number },
  now: Date,
): Promise<number> {
  const [limiting] = await tx.query<{ ts_tentativa: Date }>(
    `select ts_tentativa from tentativa_login
      where ${column} = $1 and ts_tentativa > $2::timestamptz - make_interval(hours => $3)
      order by ts_tentativa desc offset $4 limit 1`,
    [value, now.toISOString(), ceiling.windowHours, ceiling.maxFailures - 1],
  );
  return limiting ? limiting.ts_tentativa.getTime() + ceiling.windowHours * HOUR_MS - now.getTime() : 0;
}

/** The 429 text: how long to wait, in whole minutes (or hours past the first hour), rounded up. */
export function throttledText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes < 60 ? plural(minutes, 'minuto', 'minutos') : plural(Math.ceil(minutes / 60), 'hora', 'horas');
  return `Muitas tentativas de acesso. Aguarde ${wait} e tente novamente.`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What counts as one address. IPv4 (also written as IPv4-mapped IPv6) as it is; IPv6 by its /64
 * prefix, the block one subscriber gets, or changing the last 64 bits would give endless addresses.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const bare = ip.split('%')[0]; // without a zone index (fe80::1%eth0)
  if (!isIPv6(bare)) return ip;
  return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['v4', 'v4'] : [group]));
  const [head, tail] = ip.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => (group === 'v4' ? group : group.replace(/^0+(?=.)/, '').toLowerCase()));
}

/** Too many attempts: 429 with the wait in the text; the route copies `retryAfterSeconds` into Retry-After. */
export class Throttled extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, throttledText(retryAfterSeconds));
  }
}
