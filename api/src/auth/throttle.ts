import type { Db } from '../db';

/**
 * Sign-in throttling kept in the database (table tentativa_login) so it holds across API instances:
 * 5 failures for one e-mail, or from one address, within 15 minutes refuse further attempts until
 * the oldest of them leaves the window. Refused attempts are not recorded, so waiting always works.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;
export const THROTTLED_TEXT = 'Muitas tentativas de acesso. Aguarde 15 minutos e tente novamente.';

export async function isThrottled(db: Db, email: string, ip: string, now = new Date()): Promise<boolean> {
  const [counts] = await db.query<{ por_email: number; por_ip: number }>(
    `select count(*) filter (where em_email = $1)::int as por_email,
            count(*) filter (where de_ip = $2)::int as por_ip
       from tentativa_login
      where (em_email = $1 or de_ip = $2)
        and ts_tentativa > $3::timestamptz - make_interval(mins => $4)`,
    [email, ip, now.toISOString(), WINDOW_MINUTES],
  );
  return counts.por_email >= MAX_FAILURES || counts.por_ip >= MAX_FAILURES;
}

export async function recordFailure(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  await db.query('insert into tentativa_login (em_email, de_ip, ts_tentativa) values ($1, $2, $3)', [
    email,
    ip,
    now.toISOString(),
  ]);
  // Rows out of the window no longer count: purge them here rather than in a scheduled job.
  await db.query('delete from tentativa_login where ts_tentativa <= $1::timestamptz - make_interval(mins => $2)', [
    now.toISOString(),
    WINDOW_MINUTES,
  ]);
}

/** A successful sign-in forgets that e-mail's failures (failures of other e-mails from its address remain). */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.query('delete from tentativa_login where em_email = $1', [email]);
}
