import { Dialog, useSession, type PersonRow } from '@consig/shared';
import { useState } from 'react';
import { useDeactivatePerson } from './api/deactivatePerson';
import { useReactivatePerson } from './api/reactivatePerson';
import { useResetTemporaryPassword } from './api/resetTemporaryPassword';
import { mayManage } from './whoMayManage';

type Asking = 'desativar' | 'senha' | null;

/**
 * A row's actions: 'Editar'; 'Desativar' (asks first: the person is signed out everywhere within seconds and the
 * clients they held go back to the queue) or 'Reativar'; 'Nova senha' (asks first: a temporary password, shown once,
 * and their sessions end). Only what the caller may do to this person; never deactivating themself.
 */
export function PersonActions({
  person,
  onEdit,
  onPassword,
}: {
  person: PersonRow;
  onEdit: () => void;
  onPassword: (issued: { name: string; password: string }) => void;
}) {
  const caller = useSession().user;
  const [asking, setAsking] = useState<Asking>(null);
  const deactivate = useDeactivatePerson();
  const reactivate = useReactivatePerson();
  const reset = useResetTemporaryPassword();
  if (!mayManage(caller?.ID_Funcao, person)) return null;
  const self = caller?.ID_Pessoa === person.ID_Pessoa;
  const name = person.DE_Pessoa;

  const confirm = async () => {
    try {
      if (asking === 'desativar') await deactivate.mutateAsync(person.ID_Pessoa);
      if (asking === 'senha') {
        const { data } = await reset.mutateAsync(person.ID_Pessoa);
        onPassword({ name, password: data.PW_Temporaria });
      }
      setAsking(null);
    } catch {
      // the mutation showed the server's refusal
    }
  };

  return (
    <div className="cd-row-actions">
      <button type="button" className="consig-button consig-button--ghost" onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </button>
      {person.SN_Ativo === 1 && !self && (
        <button
          type="button"
          className="consig-button consig-button--ghost"
          onClick={() => setAsking('desativar')}
          aria-label={`Desativar ${name}`}
        >
          Desativar
        </button>
      )}
      {person.SN_Ativo === 0 && (
        <button
          type="button"
          className="consig-button consig-button--ghost"
          onClick={() => reactivate.mutate(person.ID_Pessoa)}
          disabled={reactivate.isPending}
          aria-label={`Reativar ${name}`}
        >
          Reativar
        </button>
      )}
      {person.SN_Ativo === 1 && !self && (
        <button
          type="button"
          className="consig-button consig-button--ghost"
          onClick={() => setAsking('senha')}
          aria-label={`Nova senha para ${name}`}
        >
          Nova senha
        </button>
      )}
      {asking && (
        <Dialog title={asking === 'desativar' ? `Desativar ${name}` : `Nova senha para ${name}`} onClose={() => setAsking(null)}>
          <p>
            {asking === 'desativar'
              ? 'A pessoa não poderá mais entrar, as páginas abertas dela serão encerradas em segundos e os clientes que ela atendia voltam para a fila.'
              : 'A senha atual deixa de valer e as sessões abertas da pessoa são encerradas. A nova senha temporária aparece uma única vez.'}
          </p>
          <div className="cd-dialog-actions">
            <button type="button" className="consig-button consig-button--ghost" onClick={() => setAsking(null)}>
              Cancelar
            </button>
            <button type="button" className="consig-button" onClick={confirm} disabled={deactivate.isPending || reset.isPending}>
              {asking === 'desativar' ? 'Desativar' : 'Gerar senha'}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
