import { carrierAnswering, type Sipp } from '@consig/tooling/test-support/carrier';
import { freeUdpPort, startTestProduct } from './product';

/** The demo company's main number: its caller ID and a DID (api/src/db/demoData.ts). */
export const MAIN_NUMBER = '1130030303';
/** The trunk's digest credentials, which SIPp checks. */
export const TRUNK = { user: 'consig', password: 'senha-da-operadora' };

/**
 * The product started as `npm start` starts it, with a trunk to SIPp playing the carrier's gateway (it
 * challenges with digest, answers and echoes the audio); calls from 127.0.0.1 are the carrier's. Fails when
 * Kamailio is not running.
 */
export async function startProductWithCarrier() {
  const trunkPort = await freeUdpPort();
  const carrier: Sipp = carrierAnswering({ port: trunkPort, ...TRUNK });
  const trunk = {
    SIP_TRUNK_URI: `sip:127.0.0.1:${trunkPort}`,
    SIP_TRUNK_USER: TRUNK.user,
    SIP_TRUNK_PASSWORD: TRUNK.password,
    SIP_TRUNK_ADDRESSES: '127.0.0.1',
  };
  const product = await startTestProduct({ env: trunk }).catch(async (error: unknown) => {
    await carrier.stop();
    throw error;
  });
  if (!product.telephony) {
    await Promise.all([product.stop(), carrier.stop()]);
    throw new Error(
      'Kamailio ou rtpengine não está rodando: instale com apt-get install kamailio kamailio-websocket-modules kamailio-autheph-modules kamailio-utils-modules rtpengine-daemon',
    );
  }
  return {
    product,
    carrier,
    telephony: product.telephony,
    async stop() {
      await product.stop();
      await carrier.stop();
    },
  };
}
