import { useEffect, useRef } from 'react';

/**
 * A recording played from memory: its bytes as an object URL (the pages' Content-Security-Policy allows media
 * from blob:), revoked when the player closes or plays another recording, so the bytes are let go.
 */
export function RecordingPlayer({ recording, label, onClose }: { recording: Blob; label: string; onClose: () => void }) {
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    const element = audio.current;
    if (!element) return undefined;
    const url = URL.createObjectURL(recording);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [recording]);

  return (
    <div className="att-calls__player" role="group" aria-label={label}>
      <span>{label}</span>
      {/* Autoplay: the attendant asked for it with 'Ouvir'. */}
      <audio ref={audio} controls autoPlay aria-label={label} />
      <button type="button" className="att-icon-button" onClick={onClose}>
        Fechar
      </button>
    </div>
  );
}
