/**
 * The area of a remote that cannot run right now: its server is down, it threw, or it was built against
 * versions this shell cannot provide. The rest of the shell keeps working; 'Tentar novamente' loads it again.
 */
export function RemoteUnavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <div className="remote-failure consig-panel" role="alert">
      <p>
        Não foi possível carregar o módulo <strong>{label}</strong>. Verifique sua conexão e tente novamente.
      </p>
      <button type="button" className="consig-button" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
