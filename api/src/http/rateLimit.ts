import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { ApiError } from './errors';

/**
 * Request budgets (docs/rules.md "Request budgets"): one signed-in person, or one client address, cannot take
 * the API's time from everyone else. A token bucket per key: `burst` requests at once, refilled at `perSecond`;
 * a request with no token left is answered 429 with Retry-After. Kept in memory per instance (a map lookup per
 * request; a database round trip would cost every request what the budgets protect), so each instance grants
 * its share: the configured budgets divided by API_INSTANCES, the load balancer spreading a person's requests
 * over the instances.
 */
export interface Budget {
  perSecond: number;
  burst: number;
}

/** One token bucket per key (a person's id, an address), all with the same budget. */
export class TokenBuckets {
  private readonly buckets = new Map<string | number, { tokens: number; at: number }>();
  /** After this long untouched, a bucket is full again, and a full bucket is the same as none. */
  private readonly refillMs: number;
  private sweptAt: number;

  constructor(
    private readonly budget: Budget,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refillMs = (budget.burst / budget.perSecond) * 1000;
    this.sweptAt = now();
  }

  /** Takes one request from `key`'s bucket: 0 when it may go on; when the bucket is empty, whole seconds until one is back. */
  take(key: string | number): number {
    const at = this.now();
    this.sweep(at);
    const bucket = this.buckets.get(key) ?? { tokens: this.budget.burst, at };
    const tokens = Math.min(this.budget.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.budget.perSecond);
    if (tokens < 1) {
      // A refused request costs nothing: waiting the time said is always enough.
      this.buckets.set(key, { tokens, at });
      return Math.max(1, Math.ceil((1 - tokens) / this.budget.perSecond));
    }
    this.buckets.set(key, { tokens: tokens - 1, at });
    return 0;
  }

  /** Whole seconds until `key`'s bucket has a request again (0: it has one now), taking nothing. */
  wait(key: string | number): number {
    const at = this.now();
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(this.budget.burst, bucket.tokens + ((at - bucket.at) / 1000) * this.budget.perSecond);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.budget.perSecond));
  }

  /** Buckets remembered: those touched within the last refill time. */
  get size(): number {
    return this.buckets.size;
  }

  /** Forgets the buckets that have refilled (memory stays bounded by the keys of the last refill time). */
  private sweep(at: number): void {
    if (at - this.sweptAt < this.refillMs) return;
    this.sweptAt = at;
    for (const [key, bucket] of this.buckets) if (at - bucket.at >= this.refillMs) this.buckets.delete(key);
  }
}

/** The 429 text, with the wait in whole seconds. */
export function tooManyRequestsText(seconds: number): string {
  return `Muitas requisições. Tente de novo em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
}

/**
 * Never counted: the health probes (a balancer must always get an answer), /ws (its own limits: sockets per
 * address and per person, realtime/routes.ts), Kamailio's /telefonia/sip/* (a refused event would be sent again
 * and again) and the sign-in, throttled on its own in the database (auth/throttle.ts).
 */
export function isExempt(routeUrl: string | undefined): boolean {
  if (routeUrl === undefined) return false; // no route (a 404): counted like any request
  return routeUrl.startsWith('/health/') || routeUrl.startsWith('/telefonia/sip/') || routeUrl === '/ws' || routeUrl === '/lnk/token';
}

/** One instance's share of a budget: the total divided by the instances, at least one request at once. */
export function perInstance(budget: Budget, instances: number): Budget {
  return { perSecond: budget.perSecond / instances, burst: Math.max(1, Math.floor(budget.burst / instances)) };
}

function refuse(reply: FastifyReply, seconds: number): never {
  reply.header('retry-after', String(seconds));
  throw new ApiError(429, tooManyRequestsText(seconds));
}

/**
 * Every request from a client address (request.ip, which follows TRUST_PROXY), before anything else reads it and
 * before authentication. `addressKey` says what counts as one address: sign-in throttling's (auth/throttle.ts,
 * IPv6 per /64), given by app.ts. Registered after CORS, so a browser can read the 429.
 *
 * A request whose token is genuine (`hasGenuineToken`: its signature and expiry, checked without the database) is
 * counted per person instead (personBudget), not per address: a call centre is a room of people behind one
 * address, and one of them flooding must not stop the others. It is refused only while the address's budget is
 * spent by others, and charged to it after all when the token turns out refused (401: logged out, deactivated), so
 * a revoked token floods no more than no token.
 */
export function registerAddressBudget(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimit' | 'apiInstances'>,
  addressKey: (ip: string) => string,
  hasGenuineToken: (request: FastifyRequest) => boolean,
): void {
  const buckets = new TokenBuckets(perInstance(config.rateLimit.address, config.apiInstances));
  /** Signed requests let through uncharged: charged when answered 401. */
  const chargeIfRefused = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request, reply) => {
    if (isExempt(request.routeOptions.url)) return;
    const key = addressKey(request.ip);
    if (hasGenuineToken(request)) {
      const seconds = buckets.wait(key);
      if (seconds > 0) refuse(reply, seconds);
      chargeIfRefused.set(request, key);
      return;
    }
    const seconds = buckets.take(key);
    if (seconds > 0) refuse(reply, seconds);
  });
  app.addHook('onResponse', async (request, reply) => {
    const key = chargeIfRefused.get(request);
    if (key !== undefined && reply.statusCode === 401) buckets.take(key);
  });
}

/** onRequest hook of the protected routes, after the bearer hook: every request of one signed-in person (ID_Pessoa). */
export function personBudget(config: Pick<Config, 'rateLimit' | 'apiInstances'>) {
  const buckets = new TokenBuckets(perInstance(config.rateLimit.person, config.apiInstances));
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const seconds = buckets.take(request.pessoa.ID_Pessoa);
    if (seconds > 0) refuse(reply, seconds);
  };
}
