import { getRuntimeConfig } from '@consig/shared';

/**
 * The address of something the API serves, for elements that fetch by themselves (an <img>): the API's
 * path prefixed with the runtime config's base, as the API client does for its calls. Absolute addresses
 * are kept.
 */
export function apiUrl(path: string): string {
  if (/^(https?:|data:)/i.test(path)) return path;
  return `${getRuntimeConfig().apiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
