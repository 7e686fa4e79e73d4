import { tokenPayload, type TokenPayload } from '../contracts';

/** Decodes the middle part of a JWT (base64url JSON). The server verifies the signature; the browser only reads. */
export function decodeToken(token: string): TokenPayload | null {
  const middle = token.split('.')[1];
  if (!middle) return null;
  try {
    const base64 = middle
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(middle.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed = tokenPayload.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const isExpired = (payload: TokenPayload, now = Date.now()) => payload.exp * 1000 <= now;
