import { createSigner, createVerifier } from 'fast-jwt';
import { tokenPayload, type Person, type TokenPayload } from '@consig/shared/contracts';

export interface TokenService {
  /**
   * A signed HS256 JWT carrying `{ pessoa, sid, iat, exp }`, `sid` the session it belongs to (sessions.repository.ts);
   * `now` (ms) only matters to tests.
   */
  sign(person: Person, sessionId: string, now?: number): string;
  /** The payload of a genuine, unexpired token of the right shape; null otherwise. */
  verify(token: string): TokenPayload | null;
  /** How long a token signed now lives (ms): its session lives as long. */
  readonly ttlMs: number;
}

export function createTokenService(options: { secret: string; ttlHours: number }): TokenService {
  const ttlMs = options.ttlHours * 3_600_000;
  const signer = createSigner({ key: options.secret, algorithm: 'HS256', expiresIn: ttlMs });
  // Pinning the algorithm refuses 'none' and algorithm-swapping forgeries.
  const verifier = createVerifier({ key: options.secret, algorithms: ['HS256'], requiredClaims: ['exp'] });
  return {
    ttlMs,
    sign: (person, sessionId, now = Date.now()) => signer({ pessoa: person, sid: sessionId, iat: Math.floor(now / 1000) }),
    verify(token) {
      let payload: unknown;
      try {
        payload = verifier(token);
      } catch {
        return null; // malformed, forged or expired
      }
      const parsed = tokenPayload.safeParse(payload);
      return parsed.success ? parsed.data : null;
    },
  };
}
