import { formatPhoneNumber, HIDDEN_PHONE, PhoneIcon, requestDial, whatsappLink } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId, useState } from 'react';
import { usePhones } from '../api/getPhones';
import { AddPhoneDialog } from './AddPhoneDialog';
import { useDialUnavailable } from './useDialUnavailable';

/**
 * The 'Telefone' panel (§2): the client's phones as 'Cel. n', hidden as eleven x unless the show-data toggle
 * is on (§6), each with its WhatsApp link and a dial button. Dialing only publishes `telephony.dial@1`; it
 * is possible for users with telephony on (SN_Telefonia 1), with an extension and while no call is in progress;
 * a disabled icon says why in its tooltip.
 */
export function PhonePanel({ clientId, showData }: { clientId: number; showData: boolean }) {
  const { data: phones, isPending, isSlow } = usePhones(clientId);
  const dialUnavailable = useDialUnavailable();
  const [adding, setAdding] = useState(false);
  const titleId = useId();

  return (
    <section className="consig-panel att-phones" aria-labelledby={titleId}>
      <div className="att-phones__head">
        <h2 id={titleId}>Telefone</h2>
        <button type="button" className="consig-button" onClick={() => setAdding(true)}>
          Adicionar Telefone
        </button>
      </div>
      {isPending ? (
        <QueryLoading slow={isSlow} />
      ) : phones?.length ? (
        <ul className="att-phones__list">
          {phones.map((phone, index) => {
            const label = `Cel. ${index + 1}`;
            return (
              <li key={phone.TelefoneID}>
                <span className="att-phones__label">{label}</span>
                <span className="att-phones__number">{showData ? formatPhoneNumber(phone.DE_Telefone) : HIDDEN_PHONE}</span>
                <a href={whatsappLink(phone.DE_Telefone)} target="_blank" rel="noopener noreferrer">
                  WhatsApp
                </a>
                <button
                  type="button"
                  className="att-icon-button"
                  aria-label={`Ligar para ${label}`}
                  disabled={dialUnavailable !== null}
                  title={dialUnavailable ?? `Ligar para ${label}`}
                  onClick={() => requestDial(phone.DE_Telefone, clientId)}
                >
                  <PhoneIcon size={18} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : phones ? (
        <p className="consig-empty">Nenhum telefone cadastrado.</p>
      ) : null}
      {adding && <AddPhoneDialog clientId={clientId} onClose={() => setAdding(false)} />}
    </section>
  );
}
