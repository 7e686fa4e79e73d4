/**
 * The running production stack the browser checks of `npm run test:stack` work on, as scripts/stack/checks/inBrowser.mjs
 * names it: the web tier's address, Kamailio's WebSocket, the SIP secret of this run, the deploy volume and containers.
 */
export function stackUnderTest() {
  const required = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} não definida: estes testes rodam pelo npm run test:stack`);
    return value;
  };
  const address = required('STACK_ADDRESS');
  return {
    app: required('STACK_APP_URL'),
    address,
    sipWsUrl: `ws://${address}:8089`,
    sipSecret: required('STACK_SIP_SECRET'),
    deployRoot: required('STACK_DEPLOY_ROOT'),
    webContainer: required('STACK_WEB_CONTAINER'),
  };
}
