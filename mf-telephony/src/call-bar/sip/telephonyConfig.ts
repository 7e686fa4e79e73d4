import { getRuntimeConfig } from '@consig/shared';

/** product-spec §9 "Telephony". */
export const TELEPHONY_TIMEOUTS = {
  /** Opening the WebSocket to the SIP server. */
  connectionMs: 5_000,
  /** An unanswered call ends (incoming: 408 to the caller; outgoing: cancelled). */
  noAnswerMs: 60_000,
  /** Gathering ICE candidates before the offer/answer is sent with what was found. */
  iceGatheringMs: 5_000,
  /** Between reconnection attempts after the SIP server went away. */
  reconnectionMs: 4_000,
} as const;

/**
 * STUN/TURN servers for media: `iceServers` of config.json (RTCIceServer entries), none by default: on a
 * LAN the host candidates are enough, and a public STUN server is a dependency the office may not reach.
 * Read leniently: a malformed entry is left out rather than stopping telephony.
 */
export function configuredIceServers(config: object = getRuntimeConfig()): RTCIceServer[] {
  const entries = (config as { iceServers?: unknown }).iceServers;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry): RTCIceServer[] => {
    if (typeof entry === 'string') return [{ urls: entry }];
    if (!entry || typeof entry !== 'object') return [];
    const { urls, username, credential } = entry as Record<string, unknown>;
    const validUrls = typeof urls === 'string' || (Array.isArray(urls) && urls.every((url) => typeof url === 'string'));
    if (!validUrls) return [];
    return [
      {
        urls: urls as string | string[],
        ...(typeof username === 'string' && { username }),
        ...(typeof credential === 'string' && { credential }),
      },
    ];
  });
}
