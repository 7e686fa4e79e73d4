import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { Db } from './db';

/** Everything the API reads from the environment (README lists the variables). */
const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  API_HOST: z.string().min(1).default('0.0.0.0'),
  /** A PostgreSQL server; when absent the API runs embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(resolve(__dirname, '../../.data/pglite')),
  /** When absent, generated once and kept in the `configuracao` table (shared by every instance). */
  JWT_SECRET: z.string().min(16).optional(),
  JWT_TTL_HOURS: z.coerce.number().positive().default(12),
  SIP_REALM: z.string().min(1).default('localhost'),
  SIP_WS_URL: z.string().min(1).default('ws://localhost:8089'),
  /** Kamailio auth_ephemeral shared secret; generated and kept like JWT_SECRET when absent. */
  SIP_SECRET: z.string().min(16).optional(),
  /**
   * How long the SIP credentials GET /atendente/ramal hands out stay valid: their expiry is the only way to take
   * an extension back from Kamailio, and the softphone renews them while its person is signed in. At least a
   * minute (tests set less on the config object).
   */
  SIP_CREDENTIAL_SECONDS: z.coerce.number().int().min(60).default(600),
  /**
   * What Kamailio presents to the API's /telefonia/sip/* endpoints (Authorization: Bearer); generated and
   * kept like JWT_SECRET when absent (then Kamailio must be given the kept one).
   */
  SIP_API_SECRET: z.string().min(16).optional(),
  /**
   * The gateway to the phone network and the company's caller number, read by Kamailio (the launcher passes
   * them on); checked here too so an API started alone refuses the same settings the launcher refuses.
   */
  SIP_TRUNK_URI: z
    .string()
    .regex(/^sips?:[^\s"\\]+$/, 'deve ser um endereço SIP, como sip:gateway.exemplo.com.br:5060.')
    .optional(),
  /**
   * The number shown to clients when the company has no main number (docs/rules.md "Calls"): DDD + number
   * or a non-geographic one. Anatel made the 0303 prefix optional on 07/08/2025, so a 0303 number is
   * allowed and no longer required.
   */
  SIP_CALLER_ID: z
    .string()
    .regex(/^\d{10,13}$/, 'deve ter de 10 a 13 dígitos, só números (DDD + número, ou 0303/0800 + número).')
    .optional(),
  /**
   * rtpengine's control socket (host:port, UDP), for what the API asks of the media relay itself (a supervisor
   * listening to a call). The launcher sets it beside Kamailio's; unset: listening is unavailable.
   */
  RTPENGINE_NG: z
    .string()
    .regex(/^(udp:)?[^:\s]+:\d{1,5}$/, 'deve ser host:porta, como 127.0.0.1:22222.')
    .optional(),
  /** Comma list of allowed origins; empty allows any (bearer tokens, no cookies). */
  CORS_ORIGINS: z.string().default(''),
  /**
   * Behind a load balancer: the number of proxies in front (a whole number of hops) or a comma list of the
   * proxies' addresses/CIDRs, so the client address (sign-in throttling, request budgets) comes from
   * X-Forwarded-For. Empty: use the socket's address. Behind a proxy without it, every request has the proxy's
   * address, and the address request budget counts them all as one. 'true' trusts every hop, so a client can
   * forge its address with an X-Forwarded-For of its own: it suits tests and benchmarks only.
   */
  TRUST_PROXY: z.string().default(''),
  /** Realtime sockets (/ws) one client address may hold open on one API instance, signed in or not. */
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  /** Realtime sockets one person may hold open on one API instance (one per tab). */
  WS_MAX_SOCKETS_PER_PERSON: z.coerce.number().int().positive().default(10),
  /**
   * Proposal CSV exports one API instance streams at once: each holds a database connection of its own for
   * as long as its download lasts (docs/rules.md "Proposal follow-up").
   */
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().positive().default(4),
  /**
   * Request budgets (docs/rules.md "Request budgets"), token buckets: _BURST requests at once, refilled at _PER_S a
   * second; past them, 429 with Retry-After. Per signed-in person: a screen fires about ten requests together (three
   * tabs refetching at once after a reconnection: 30) and a handful a second at most, so a person never meets the
   * budget, while a script looping on a heavy list gets 10 a second of the API's time, not all of it.
   */
  RATE_LIMIT_PERSON_PER_S: z.coerce.number().positive().default(10),
  RATE_LIMIT_PERSON_BURST: z.coerce.number().int().positive().default(30),
  /**
   * Per client address, signed in or not, before authentication. Large on purpose: a call centre behind one NAT
   * address is one address for all its people (500 attendants at 2 requests a second each; every tab refetching
   * after a reconnection, 10 each, at once), so this only stops a flood from one machine, the sign-in-less
   * requests included; the person budget does the rest.
   */
  RATE_LIMIT_ADDRESS_PER_S: z.coerce.number().positive().default(1000),
  RATE_LIMIT_ADDRESS_BURST: z.coerce.number().int().positive().default(5000),
  /**
   * How many API instances share the traffic behind the load balancer. Budgets are counted in each instance's
   * memory, so each grants the budgets above divided by this (the balancer spreads a person's requests).
   */
  API_INSTANCES: z.coerce.number().int().positive().default(1),
  /**
   * Reads of client records one person may make in a São Paulo day before the company's managers are alerted (and
   * again at each further multiple; src/clients/clientReads.ts). Opening a client is two reads (record and phones);
   * an attendant on the dialer opens up to ~400 clients on a long day, so 1000 stays above honest work and is passed
   * within minutes by a scrape of the base.
   */
  CLIENT_READS_ALERT_PER_DAY: z.coerce.number().int().positive().default(1000),
  /**
   * Outgoing e-mail (simulations sent to clients): an SMTP URL, smtp://user:pass@host:587 or smtps://… for
   * implicit TLS. Absent: simulations are recorded and not e-mailed.
   */
  SMTP_URL: z.string().url().optional(),
  /** The sender of those e-mails. */
  MAIL_FROM: z.string().min(3).default('Consig CRM <nao-responda@localhost>'),
  /**
   * The application's public address (the host's page), where links sent by e-mail lead: the password recovery
   * link opens `${APP_URL}/redefinir-senha`. Default: the host of `npm start`.
   */
  APP_URL: z
    .string()
    .url()
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long the built-in FGTS balance provider takes to answer: a real FGTS query takes a few seconds. */
  FGTS_PROVIDER_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /** Rows the demo prospect base grows to after a start (db/prospects.ts); 4000 or less: no growth. */
  PROSPECT_BASE_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(100_000),
  /**
   * Where call recordings (WAV) are kept (recordings/storage.ts); default a `gravacoes` folder beside the PGlite
   * data folder.
   */
  RECORDINGS_DIR: z.string().min(1).optional(),
  /**
   * rtpengine's recording spool (its --recording-dir): finished pcaps and their metadata, read by the recording
   * job. Absent: calls are not recorded here, and each answered call's recording is marked 'falhou'.
   */
  RECORDINGS_SPOOL_DIR: z.string().min(1).optional(),
});

export interface EnvConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  jwtTtlHours: number;
  sip: {
    realm: string;
    wsUrl: string;
    /** SIP_CREDENTIAL_SECONDS: the lifetime of the credentials of GET /atendente/ramal. */
    credentialSeconds: number;
    secret?: string;
    apiSecret?: string;
    callerId?: string;
    rtpengineNg?: string;
  };
  corsOrigins: true | string[];
  /**
   * Fastify's trustProxy. A hop count is a function, not a number: since 5.12.1 Fastify takes a number as
   * "trust nothing" (it cannot tell the proxy from a direct client), which would give every request nginx's address.
   */
  trustProxy: boolean | string | TrustHop;
  realtime: { maxSocketsPerAddress: number; maxSocketsPerPerson: number };
  /** Proposal CSV exports streamed at once by this instance. */
  exportMaxConcurrent: number;
  /** Request budgets, whole (all instances together); http/rateLimit.ts divides them by apiInstances. */
  rateLimit: { person: { perSecond: number; burst: number }; address: { perSecond: number; burst: number } };
  /** API instances behind the load balancer (API_INSTANCES). */
  apiInstances: number;
  /** Reads of client records per person and day past which managers are alerted (CLIENT_READS_ALERT_PER_DAY). */
  clientReads: { alertPerDay: number };
  logLevel: string;
  /** SMTP for outgoing e-mail; undefined when not configured. */
  mail?: { url: string; from: string };
  /** APP_URL, without a trailing slash: the base of the links e-mails carry. */
  appUrl: string;
  /** The built-in FGTS balance provider's answer delay (docs/rules.md "FGTS balance"). */
  fgts: { providerDelayMs: number };
  /** How many rows the demo prospect base grows to in the background after a start. */
  prospectBaseRows: number;
  /** Call recordings: where the WAVs are kept, and rtpengine's spool (docs/rules.md "Call recordings"). */
  recordings: { dir: string; spoolDir?: string };
}

/** The configuration with every secret settled. */
export interface Config extends EnvConfig {
  jwtSecret: string;
  /** `callerId`: SIP_CALLER_ID, the caller number of last resort (docs/rules.md "Calls"). */
  sip: {
    realm: string;
    wsUrl: string;
    credentialSeconds: number;
    secret: string;
    apiSecret: string;
    callerId?: string;
    rtpengineNg?: string;
  };
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  // Unset and empty variables both mean "use the default".
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuração inválida: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const origins = e.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    jwtTtlHours: e.JWT_TTL_HOURS,
    sip: {
      realm: e.SIP_REALM,
      wsUrl: e.SIP_WS_URL,
      credentialSeconds: e.SIP_CREDENTIAL_SECONDS,
      secret: e.SIP_SECRET,
      apiSecret: e.SIP_API_SECRET,
      callerId: e.SIP_CALLER_ID,
      rtpengineNg: e.RTPENGINE_NG,
    },
    corsOrigins: origins.length > 0 ? origins : true,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    realtime: { maxSocketsPerAddress: e.WS_MAX_SOCKETS_PER_ADDRESS, maxSocketsPerPerson: e.WS_MAX_SOCKETS_PER_PERSON },
    exportMaxConcurrent: e.EXPORT_MAX_CONCURRENT,
    rateLimit: {
      person: { perSecond: e.RATE_LIMIT_PERSON_PER_S, burst: e.RATE_LIMIT_PERSON_BURST },
      address: { perSecond: e.RATE_LIMIT_ADDRESS_PER_S, burst: e.RATE_LIMIT_ADDRESS_BURST },
    },
    apiInstances: e.API_INSTANCES,
    clientReads: { alertPerDay: e.CLIENT_READS_ALERT_PER_DAY },
    logLevel: e.LOG_LEVEL,
    mail: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    appUrl: e.APP_URL,
    fgts: { providerDelayMs: e.FGTS_PROVIDER_DELAY_MS },
    prospectBaseRows: e.PROSPECT_BASE_ROWS,
    recordings: {
      dir: resolve(e.RECORDINGS_DIR ?? resolve(e.DATA_DIR, '..', 'gravacoes')),
      spoolDir: e.RECORDINGS_SPOOL_DIR === undefined ? undefined : resolve(e.RECORDINGS_SPOOL_DIR),
    },
  };
}

/** Whether the address at `hop` (0: the socket's peer, 1: the last X-Forwarded-For entry, …) is a trusted proxy. */
export type TrustHop = (address: string, hop: number) => boolean;

function parseTrustProxy(raw: string): boolean | string | TrustHop {
  // Trimmed: handed to Fastify, "1 " would be the address 0.0.0.1 (ipaddr.js reads a lone number as one).
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return false;
    // The last `hops` addresses are the proxies (each appends its peer's address), so the client is the one
    // before them, whatever the client put in its own X-Forwarded-For. Sound only while the API's port is
    // reachable from the proxies alone: a direct client would be trusted as hop 0.
    return (_address, hop) => hop < hops;
  }
  return value;
}

/**
 * A secret kept in `configuracao`: the first instance to start writes a random one, every other
 * instance (and every restart) reads that same value.
 */
async function storedSecret(db: Db, key: string): Promise<string> {
  await db.query('insert into configuracao (co_chave, de_valor) values ($1, $2) on conflict do nothing', [
    key,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ de_valor: string }>('select de_valor from configuracao where co_chave = $1', [key]);
  return row.de_valor;
}

/** Completes the configuration with the secrets not given in the environment (needs migrations applied). */
export async function resolveSecrets(env: EnvConfig, db: Db): Promise<Config> {
  return {
    ...env,
    jwtSecret: env.jwtSecret ?? (await storedSecret(db, 'jwt_secret')),
    sip: {
      ...env.sip,
      secret: env.sip.secret ?? (await storedSecret(db, 'sip_secret')),
      apiSecret: env.sip.apiSecret ?? (await storedSecret(db, 'sip_api_secret')),
    },
  };
}
