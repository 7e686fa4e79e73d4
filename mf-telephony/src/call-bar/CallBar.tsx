import { useBusEvent } from '@consig/shared';
import { useState, useSyncExternalStore } from 'react';
import { createCallController } from './calls/callController';
import { useRamal } from './ramal/useRamal';
import { CallBarView } from './CallBarView';

/**
 * The exposed './CallBar', mounted once by the host in the authenticated layout: it fetches the
 * extension, answers dial requests from the bus and shows the bar while a call is in progress.
 */
export default function CallBar() {
  useRamal();
  // No SIP agent yet: every dial with an extension reports telephony as unavailable.
  const [controller] = useState(() => createCallController({ agent: null }));
  useBusEvent('telephony.dial@1', ({ number }) => controller.dial(number));
  const call = useSyncExternalStore(controller.subscribe, controller.getCall, controller.getCall);
  return <CallBarView call={call} onHangup={controller.hangup} />;
}
