import type { Call } from './calls/callController';
import { CALL_TEXTS, RECORDING_NOTICE } from './calls/callTexts';
import './callBar.css';
import { formatCallTimer } from './formatCallTimer';
import { useElapsedSeconds } from './useElapsedSeconds';

interface Props {
  /** The call in progress; nothing is shown without one. */
  call: Call | null;
  onHangup: () => void;
  onAnswer?: () => void;
  onReject?: () => void;
}

/** The line under the other party: how far the call got. */
const STATUS: Partial<Record<Call['state'], string>> = {
  establishing: CALL_TEXTS.establishing,
  terminating: 'Encerrando…',
};

/**
 * The fixed call bar of product-spec §2: the other party, an mm:ss timer and 'Terminar'. A ringing incoming
 * call shows the caller with 'Atender' and 'Recusar' instead.
 */
export function CallBarView({ call, onHangup, onAnswer, onReject }: Props) {
  const elapsed = useElapsedSeconds(call?.establishedAt ?? null);
  if (!call || call.state === 'terminated' || call.state === 'idle') return null;

  if (call.state === 'incoming') {
    const caller = call.callerName || call.remote;
    return (
      <div className="call-bar call-bar--ringing" role="region" aria-label="Chamada recebida" data-call-state={call.state}>
        <span className="call-bar__remote">
          <span className="call-bar__label">Chamada recebida</span>
          {caller}
          {caller !== call.remote && <span className="call-bar__number">{call.remote}</span>}
        </span>
        <button type="button" className="call-bar__answer" onClick={onAnswer}>
          Atender
        </button>
        <button type="button" className="call-bar__end" onClick={onReject}>
          Recusar
        </button>
      </div>
    );
  }

  const status = STATUS[call.state];
  return (
    <div className="call-bar" role="region" aria-label="Chamada em andamento" data-call-state={call.state}>
      <span className="call-bar__remote">
        {call.callerName || call.remote}
        {status && <span className="call-bar__status">{status}</span>}
        {call.state === 'established' && (
          <span className="call-bar__recording" role="note">
            {RECORDING_NOTICE}
          </span>
        )}
      </span>
      <time className="call-bar__timer" aria-label="Duração da chamada">
        {formatCallTimer(elapsed)}
      </time>
      <button type="button" className="call-bar__end" onClick={onHangup} disabled={call.state === 'terminating'}>
        Terminar
      </button>
    </div>
  );
}
