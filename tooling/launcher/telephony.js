// The SIP edge beside the API: Kamailio and rtpengine, their settings shared with the API, kept running.
const path = require('node:path');
const { INSTALL_COMMAND, kamailioInstalled, kamailioPath, startKamailio, telephonySettings } = require('../../telephony/kamailio');
const { ngSocket, rtpengineInstalled, rtpengineSettings, startRtpengine } = require('../../telephony/rtpengine');
const { freePort, freeUdpPort } = require('./ports');
const { RESTART, supervised } = require('./supervision');

const root = path.join(__dirname, '..', '..');

/** The API's PGlite folder as the API resolves it (relative to api/); the telephony folder sits beside it. */
function telephonyStateDir(env) {
  const dataDir = path.resolve(root, 'api', env.DATA_DIR || path.join('..', '.data', 'pglite'));
  return path.join(path.dirname(dataDir), 'telephony');
}

/**
 * The SIP edge beside the API (docs/architecture.md "Telephony"): Kamailio, and rtpengine, the media relay
 * it drives. Settles the settings they share with the API: the softphones' secret (SIP_SECRET) and the one
 * Kamailio presents to the API (SIP_API_SECRET), each generated once and kept in the telephony folder beside
 * the data folder when not set; the realm (SIP_REALM); the address browsers reach Kamailio at (SIP_WS_URL,
 * else ws://publicHost:sipWs); where Kamailio reaches the API (SIP_API_URL, else the API's port on
 * loopback). `start()` runs both when they are installed; otherwise it says so in one line and the product
 * runs without telephony. Either one that ends unexpectedly is started again on the same ports, as the API
 * is (RESTART, or `restart`; one line through `log` each time, and one when it gives up: telephony is off).
 * Throws on settings they cannot use (a trunk without its addresses...), before anything starts.
 * @param {{ ports: Record<string, number>, publicHost: string, env: Record<string, string | undefined>,
 *           kamailioPath?: string, restart?: Partial<typeof RESTART>, log: (line: string) => void }} options
 */
async function prepareTelephony({ ports, publicHost, env, kamailioPath: executable, restart = {}, log }) {
  const stateDir = telephonyStateDir(env);
  const apiHost = !env.API_HOST || env.API_HOST === '0.0.0.0' ? '127.0.0.1' : env.API_HOST;
  const ngPort = ports.rtpengineNg ?? (await freeUdpPort());
  const settings = telephonySettings({
    env,
    stateDir,
    wsPort: ports.sipWs ?? (await freePort()),
    sipPort: ports.sip ?? (await freePort()),
    listenHost: env.API_HOST || '0.0.0.0',
    apiUrl: env.SIP_API_URL || `http://${apiHost}:${ports.api}`,
    rtpengine: ngSocket(ngPort),
  });
  // The media goes where the signalling does: Kamailio's first non-loopback address, unless RTP_ADDRESS says.
  const { settings: media, problems } = rtpengineSettings({ env, stateDir, ngPort, listen: settings.listen });
  if (problems.length > 0) throw new Error(`Configuração inválida: ${problems.join('; ')}`);
  settings.kamailioPath = executable || kamailioPath(env);
  const wsUrl = env.SIP_WS_URL || `ws://${publicHost}:${settings.wsPort}`;
  const policy = { ...RESTART, ...restart };
  const off = (server, logFile) => `a telefonia está desligada até o próximo "npm start" (veja o registro do ${server} em ${logFile}).`;
  const relay = supervised({
    subject: 'O rtpengine',
    giveUp: off('rtpengine', media.logFile),
    policy,
    launch: () => startRtpengine(media),
    log,
  });
  const kamailio = supervised({
    subject: 'O Kamailio',
    giveUp: off('Kamailio', settings.logFile),
    policy,
    launch: () => startKamailio(settings),
    log,
  });
  return {
    /** What the API is started with, so it hands out credentials Kamailio accepts and knows Kamailio's secret. */
    apiEnv: {
      SIP_SECRET: settings.secret,
      SIP_API_SECRET: settings.apiSecret,
      SIP_REALM: settings.realm,
      SIP_WS_URL: wsUrl,
      RECORDINGS_SPOOL_DIR: media.spoolDir,
      // A supervisor's silent listening asks rtpengine itself (api/src/calls/rtpengineControl.ts).
      RTPENGINE_NG: `127.0.0.1:${media.ngPort}`,
    },
    /** Starts rtpengine, then Kamailio; resolves with what tests and the start-up summary need, or null when telephony is off. */
    async start() {
      if (!kamailioInstalled({ KAMAILIO_PATH: settings.kamailioPath, RTPENGINE_PATH: media.rtpenginePath })) {
        const missing = rtpengineInstalled({ RTPENGINE_PATH: media.rtpenginePath })
          ? `o Kamailio (${settings.kamailioPath})`
          : `o rtpengine (${media.rtpenginePath})`;
        log(
          `Telefonia desligada: ${missing} não está instalado. Para ligar: sudo ${INSTALL_COMMAND} (ou defina KAMAILIO_PATH e RTPENGINE_PATH).`,
        );
        return null;
      }
      await relay.start();
      try {
        await kamailio.start();
      } catch (error) {
        await relay.stop();
        throw error;
      }
      return {
        wsUrl,
        realm: settings.realm,
        secret: settings.secret,
        apiSecret: settings.apiSecret,
        ports: { sip: settings.sipPort, sipWs: settings.wsPort, rtpengineNg: media.ngPort },
        logFile: settings.logFile,
        rtpengineLogFile: media.logFile,
        spoolDir: media.spoolDir,
        /** Kamailio's main process right now (undefined while it is being restarted). */
        get pid() {
          return kamailio.pid;
        },
        /** rtpengine's process right now. */
        get rtpenginePid() {
          return relay.pid;
        },
        /** Stops Kamailio and starts it again on the same ports (registrations are lost, as after a crash). */
        restart: () => kamailio.restart(),
        /** Stops rtpengine and starts it again (calls in progress lose their media, as after a crash). */
        restartRtpengine: () => relay.restart(),
      };
    },
    async stop() {
      await kamailio.stop();
      await relay.stop();
    },
  };
}

module.exports = { prepareTelephony };
