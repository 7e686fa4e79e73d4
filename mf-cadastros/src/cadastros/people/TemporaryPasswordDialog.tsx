import { Dialog } from '@consig/shared';

/**
 * The temporary password, shown this once (the API keeps only its hash): whoever registered the person hands it
 * over, and the person chooses their own at the first sign-in.
 */
export function TemporaryPasswordDialog({ name, password, onClose }: { name: string; password: string; onClose: () => void }) {
  return (
    <Dialog title="Senha temporária" onClose={onClose}>
      <p>
        Senha temporária de <strong>{name}</strong>:
      </p>
      <p className="cd-password" aria-label="Senha temporária">
        <code>{password}</code>
      </p>
      <p className="cd-note">Ela aparece só agora: anote e entregue à pessoa. No primeiro acesso, ela escolherá a própria senha.</p>
      <div className="cd-dialog-actions">
        <button type="button" className="consig-button" onClick={onClose}>
          Concluir
        </button>
      </div>
    </Dialog>
  );
}
