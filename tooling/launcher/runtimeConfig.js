// The runtime configuration every app reads at start-up (config.json): where the API and the CEP look-up are.

/** The CEP look-up's service when CEP_URL names no other: the public ViaCEP (product-spec §7). */
const DEFAULT_CEP_URL = 'https://viacep.com.br';

/**
 * The config.json every app reads at start-up (shared/src/runtimeConfig.ts): the API's addresses as
 * browsers reach them, and the ViaCEP-compatible service of the CEP look-up.
 */
function runtimeConfig({ publicHost, apiPort, cepUrl }) {
  // STUN_URLS: comma-separated STUN servers for the softphone's media (none on a LAN, the default).
  const iceServers = (process.env.STUN_URLS || '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((urls) => ({ urls }));
  return { apiUrl: `http://${publicHost}:${apiPort}`, wsUrl: `ws://${publicHost}:${apiPort}/ws`, cepUrl, iceServers };
}

module.exports = { DEFAULT_CEP_URL, runtimeConfig };
