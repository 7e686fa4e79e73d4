import * as z from 'zod/mini';

/** The public ViaCEP service, used when the configuration names no other. */
export const DEFAULT_CEP_URL = 'https://viacep.com.br';

/**
 * Addresses the browser needs, read at start-up from a JSON file served beside the app (never baked
 * into a build), so one build runs in every environment.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.string().check(z.minLength(1)),
  wsUrl: z.string().check(z.minLength(1)),
  /** The ViaCEP-compatible postal-code service (product-spec §7); a config.json without it keeps the public one. */
  cepUrl: z._default(z.string().check(z.minLength(1)), DEFAULT_CEP_URL),
  /**
   * STUN/TURN servers for the softphone's media (RTCIceServer entries). None by default: on a LAN the browsers
   * and the gateway reach each other directly; set STUN_URLS for attendants behind NAT. Kept as given: the
   * softphone reads the entries leniently, so one malformed entry never costs the app its API address.
   */
  iceServers: z._default(z.array(z.unknown()), []),
});
export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
/** What config.json may hold: `cepUrl` and `iceServers` may be left out. */
export type RuntimeConfigInput = z.input<typeof runtimeConfigSchema>;

const fallback = (): RuntimeConfig => {
  const host = typeof location === 'undefined' ? 'localhost' : location.hostname;
  return { apiUrl: `http://${host}:3000`, wsUrl: `ws://${host}:3000/ws`, cepUrl: DEFAULT_CEP_URL, iceServers: [] };
};

let current: RuntimeConfig = fallback();

export const getRuntimeConfig = () => current;
export const setRuntimeConfig = (config: RuntimeConfigInput) => {
  current = runtimeConfigSchema.parse(config);
};

/** Loads config.json (or the given URL); keeps the defaults when it is absent. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) setRuntimeConfig(await response.json());
  } catch {
    // No config file (e.g. a remote running standalone): the defaults point at the local API.
  }
  return current;
}
