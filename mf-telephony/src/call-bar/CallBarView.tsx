import type { Call } from './calls/callController';
import './callBar.css';
import { formatCallTimer } from './formatCallTimer';
import { useElapsedSeconds } from './useElapsedSeconds';

interface Props {
  /** The call in progress; nothing is shown without one. */
  call: Call | null;
  onHangup: () => void;
}

/** The fixed call bar of product-spec §2: the other party, an mm:ss timer and 'Terminar'. */
export function CallBarView({ call, onHangup }: Props) {
  const elapsed = useElapsedSeconds(call?.establishedAt ?? null);
  if (!call || call.state === 'terminated' || call.state === 'idle') return null;
  return (
    <div className="call-bar" role="region" aria-label="Chamada em andamento">
      <span className="call-bar__remote">{call.remote}</span>
      <time className="call-bar__timer" aria-label="Duração da chamada">
        {formatCallTimer(elapsed)}
      </time>
      <button type="button" className="call-bar__end" onClick={onHangup}>
        Terminar
      </button>
    </div>
  );
}
