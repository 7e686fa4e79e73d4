import * as z from 'zod/mini';

/**
 * Addresses the browser needs, read at start-up from a JSON file served beside the app (never baked
 * into a build), so one build runs in every environment.
 */
export const runtimeConfigSchema = z.object({ apiUrl: z.string().check(z.minLength(1)), wsUrl: z.string().check(z.minLength(1)) });
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

const fallback = (): RuntimeConfig => {
  const host = typeof location === 'undefined' ? 'localhost' : location.hostname;
  return { apiUrl: `http://${host}:3000`, wsUrl: `ws://${host}:3000/ws` };
};

let current: RuntimeConfig = fallback();

export const getRuntimeConfig = () => current;
export const setRuntimeConfig = (config: RuntimeConfig) => {
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
