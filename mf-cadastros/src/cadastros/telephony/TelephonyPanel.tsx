import { formatPhoneNumber, LoadFailure, ROLE, TableHead, useSession, type CompanyNumberRow } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId, useState } from 'react';
import { useCompanyNumbers } from './api/getCompanyNumbers';
import { NumberDialog } from './NumberDialog';
import { RemoveNumberButton } from './RemoveNumberButton';
import { TelephonySettingsSection } from './TelephonySettingsSection';
import './telephony.css';

const COLUMNS = ['Número', 'Descrição', 'Principal', 'Entrada (DID)', 'Campanhas'];
const yesNo = (flag: number) => (flag === 1 ? 'Sim' : 'Não');

/**
 * 'Telefonia' (issue 22 "Company settings"; docs/rules.md "Company telephony"): the company's numbers at the carrier,
 * which campaigns call from each (the main one also serves those without a number of their own) and which take calls
 * (DIDs); then the recording retention and the after-call limit. Supervisors read it; managers change it.
 */
export function TelephonyPanel() {
  const titleId = useId();
  const numbersId = useId();
  const manager = useSession().user?.ID_Funcao === ROLE.GERENTE;
  const numbers = useCompanyNumbers();
  const [editing, setEditing] = useState<CompanyNumberRow | 'new' | null>(null);

  return (
    <section aria-labelledby={titleId} className="cd-telephony">
      <h2 id={titleId}>Telefonia</h2>
      {!manager && <p className="cd-note">Apenas gerentes alteram a telefonia da empresa.</p>}
      <div className="cd-heading">
        <h3 id={numbersId}>Números da empresa</h3>
        {manager && (
          <button type="button" className="consig-button" onClick={() => setEditing('new')}>
            Novo número
          </button>
        )}
      </div>
      <p className="cd-note">
        O número principal identifica as ligações das campanhas sem número próprio. Números de entrada (DID) recebem ligações, que chegam
        aos atendentes disponíveis.
      </p>
      {numbers.data ? (
        numbers.data.length === 0 ? (
          <p role="status" className="cd-total">
            Nenhum número cadastrado.
          </p>
        ) : (
          <div className="cd-table-scroll" tabIndex={0} role="group" aria-labelledby={numbersId}>
            <table className="consig-table" aria-labelledby={numbersId}>
              <TableHead columns={manager ? [...COLUMNS, 'Ações'] : COLUMNS} />
              <tbody>
                {numbers.data.map((number) => (
                  <tr key={number.ID_Numero}>
                    <td className="cd-telephony__number">{formatPhoneNumber(number.NU_Numero)}</td>
                    <td>{number.DE_Numero}</td>
                    <td>{yesNo(number.SN_Principal)}</td>
                    <td>{yesNo(number.SN_Entrada)}</td>
                    <td>{number.campanhas.map((campaign) => campaign.DE_Campanha).join(', ') || '—'}</td>
                    {manager && (
                      <td>
                        <div className="cd-row-actions">
                          <button
                            type="button"
                            className="consig-button consig-button--ghost"
                            onClick={() => setEditing(number)}
                            aria-label={`Editar ${formatPhoneNumber(number.NU_Numero)}`}
                          >
                            Editar
                          </button>
                          <RemoveNumberButton number={number} />
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : numbers.isError ? (
        <LoadFailure what="carregar os números" error={numbers.error} onRetry={() => numbers.refetch()} />
      ) : (
        <QueryLoading slow={numbers.isSlow} />
      )}
      <TelephonySettingsSection canEdit={manager} />
      {editing && <NumberDialog number={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
