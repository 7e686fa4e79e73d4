import { useBusEvent, useSession } from '@consig/shared';
import { useState, useSyncExternalStore } from 'react';
import { createCallAudio } from './audio/callAudio';
import { createCallController } from './calls/callController';
import { useExtension } from './extension/useExtension';
import { loadJssipAgent } from './sip/loadJssipAgent';
import { createSoftphone, type AgentFactory } from './sip/softphone';
import { useSoftphone } from './sip/useSoftphone';
import { CallBarView } from './CallBarView';
import { RegistrationBadge } from './RegistrationBadge';

interface Props {
  /** The SIP agent to run; the JsSIP one (loaded on demand) unless a test gives another. */
  createAgent?: AgentFactory;
}

/**
 * The exposed './CallBar', mounted once by the host in the authenticated layout: it fetches the extension,
 * runs the SIP agent, answers dial requests from the bus, shows whether calls can reach the attendant and,
 * during a call, the call bar with its sounds.
 */
export default function CallBar({ createAgent = loadJssipAgent }: Props) {
  const { user, extension } = useSession();
  const fetchedExtension = useExtension();
  const [{ media, setRemoteElement, setToneElement }] = useState(createCallAudio);
  const [controller] = useState(() => createCallController({ media }));
  const [softphone] = useState(() => createSoftphone(controller, createAgent));
  useSoftphone(softphone, user, extension);
  useBusEvent('telephony.dial@1', ({ number }) => controller.dial(number));

  const call = useSyncExternalStore(controller.subscribe, controller.getCall, controller.getCall);
  const registration = useSyncExternalStore(softphone.subscribe, softphone.getRegistration, softphone.getRegistration);
  if (!user) return null;

  return (
    <>
      {/* The call bar replaces the badge during a call (both sit at the bottom of narrow screens). */}
      {!call && (
        <RegistrationBadge
          telephonyOn={user.SN_Telefonia === 1}
          hasExtension={fetchedExtension === undefined ? undefined : fetchedExtension !== null}
          registration={registration}
        />
      )}
      <CallBarView call={call} onHangup={controller.hangup} onAnswer={controller.answer} onReject={controller.reject} />
      <audio ref={setRemoteElement} className="call-audio" data-call-audio="remote" autoPlay />
      <audio ref={setToneElement} className="call-audio" data-call-audio="tone" loop />
    </>
  );
}
