#!/usr/bin/env node
// `npm start`: install, build, then run the API (migrates and seeds on first start) and serve the host
// and every remote from their production builds. Ports: APP_PORT (8080), API_PORT (3000),
// MF_ATTENDANCE_PORT (8081), MF_CAMPAIGNS_PORT (8082), MF_FOLLOWUP_PORT (8083), MF_TELEPHONY_PORT (8084), MF_REPORTS_PORT (8085), MF_CADASTROS_PORT (8086),
// and Kamailio's SIP_WS_PORT (8089) and SIP_PORT (5060) with rtpengine (RTPENGINE_NG_PORT 22222, media on
// RTP_PORT_MIN..RTP_PORT_MAX) when they are installed (as root, apt installs them here).
// Ctrl+C, SIGTERM, SIGHUP or a crash of this process stop the API, Kamailio and rtpengine too; a crashed one
// is restarted (tooling/launcher/runProduct.js).
import telephony from '../telephony/kamailio.js';
import { buildApps, fail, install, step, tooling } from './lib.mjs';

const started = Date.now();
install();
if (!process.argv.includes('--no-build')) buildApps();
// Without root the launcher says in one line that telephony is off and how to turn it on.
if (!telephony.kamailioInstalled() && process.getuid?.() === 0) {
  step(`Instalando Kamailio e rtpengine, o servidor SIP e o relé de mídia da telefonia (${telephony.INSTALL_COMMAND})`);
  telephony.installKamailio();
}

step('Iniciando API e aplicações');
const { runProduct, portsFromEnv } = tooling();
const product = await runProduct({ ports: portsFromEnv(), publicHost: process.env.PUBLIC_HOST || 'localhost' }).catch((error) =>
  fail(`Não foi possível iniciar: ${error.message}`),
);

console.log(`
✔ Pronto em ${((Date.now() - started) / 1000).toFixed(1)} s
  Aplicação: ${product.urls.app}
  API:       ${product.urls.api}  (documentação: ${product.urls.api}/docs; registro em ${product.logFile})${
    product.urls.integrator ? `\n  Exemplo de integração: ${product.urls.integrator}  (README, "Integrators")` : ''
  }${
    product.telephony
      ? `\n  Telefonia: ${product.telephony.wsUrl}  (Kamailio e rtpengine; registros em ${product.telephony.logFile} e ${product.telephony.rtpengineLogFile})`
      : ''
  }
  Usuários de demonstração: veja o README (ex.: atendente@demo.com.br / Atendente@123)
  Ctrl+C encerra.`);
