import { useEffect, useRef } from 'react';
import type { ListeningState } from './useListening';

interface Props {
  state: Exclude<ListeningState, { phase: 'idle' }>;
  onStop: () => void;
}

/** Whose call is being heard, the audio itself, and 'Parar de ouvir'. */
export function ListeningBar({ state, onStop }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.srcObject = state.stream;
  }, [state.stream]);
  const name = state.attendant.DE_Pessoa;
  return (
    <section className="rp-listening" aria-label="Escuta">
      <p role="status">{state.phase === 'listening' ? `Ouvindo a ligação de ${name}.` : `Conectando à ligação de ${name}…`}</p>
      {/* The call's two sides, heard here only; no controls: 'Parar de ouvir' ends it. */}
      <audio ref={audio} autoPlay data-testid="listening-audio" />
      <button type="button" className="consig-button consig-button--ghost" onClick={onStop}>
        Parar de ouvir
      </button>
    </section>
  );
}
