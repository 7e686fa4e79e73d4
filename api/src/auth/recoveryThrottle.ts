import type { Db } from '../db';
import type { Verdict } from './throttle';

/**
 * Throttling of 'Esqueceu sua senha?' (docs/rules.md "Password recovery"), like the sign-in's (throttle.ts): kept
 * in the database so it holds across instances, each request reserved under advisory locks on its e-mail and its
 * address. Every request counts, registered e-mail or not (the answer must not differ), and a refused one is not
 * recorded: waiting always works. Per e-mail, so nobody floods a person's mailbox; per address, so one machine
 * cannot probe or spam many e-mails.
 */
export const RECOVERY_THROTTLE = {
  email: { maxRequests: 5, windowHours: 1 },
  address: { maxRequests: 20, windowHours: 1 },
} as const;

// Advisory-lock namespaces beside the sign-in's (7_215_101 and 7_215_102).
const LOCK_EMAIL = 7_215_103;
const LOCK_ADDRESS = 7_215_104;
const HOUR_MS = 3_600_000;
const KEEP_HOURS = Math.max(RECOVERY_THROTTLE.email.windowHours, RECOVERY_THROTTLE.address.windowHours);

/** Reserves one recovery request for `email` (lower case) from `address` (addressKey), or says how long to wait. */
export async function reserveRecoveryRequest(db: Db, email: string, address: string, at: Date): Promise<Verdict> {
  const verdict = await db.transaction(async (tx) => {
    // Always e-mail first, then address: two requests never wait for each other in a cycle.
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_EMAIL, email]);
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_ADDRESS, address]);
    const waitMs = Math.max(
      await ceilingWait(tx, 'em_email', email, RECOVERY_THROTTLE.email, at),
      await ceilingWait(tx, 'de_ip', address, RECOVERY_THROTTLE.address, at),
    );
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } as const;
    await tx.query('insert into pedido_recuperacao (em_email, de_ip, ts_pedido) values ($1, $2, $3)', [email, address, at.toISOString()]);
    return { allowed: true } as const;
  });
  // Rows past every window no longer count: purged here rather than by a scheduled job.
  if (verdict.allowed) {
    await db.query('delete from pedido_recuperacao where ts_pedido <= $1::timestamptz - make_interval(hours => $2)', [
      at.toISOString(),
      KEEP_HOURS,
    ]);
  }
  return verdict;
}

/** Milliseconds until fewer than `maxRequests` requests of this e-mail (or address) remain in the window. */
async function ceilingWait(
  tx: Db,
  column: 'em_email' | 'de_ip',
  value: string,
  ceiling: { maxRequests: number; windowHours: number },
  at: Date,
): Promise<number> {
  const [limiting] = await tx.query<{ ts_pedido: Date }>(
    `select ts_pedido from pedido_recuperacao
      where ${column} = $1 and ts_pedido > $2::timestamptz - make_interval(hours => $3)
      order by ts_pedido desc offset $4 limit 1`,
    [value, at.toISOString(), ceiling.windowHours, ceiling.maxRequests - 1],
  );
  return limiting ? limiting.ts_pedido.getTime() + ceiling.windowHours * HOUR_MS - at.getTime() : 0;
}
