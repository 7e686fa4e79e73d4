import { useSearchParams } from 'react-router-dom';
import { parseClientId } from './clientId';
import './atendimento.css';

/**
 * /atendimento, first cut: the campaign header bar and who is being served. The full client-service screen
 * (client form, operations, tabulation, phones, …) replaces this in a later issue.
 */
export default function Atendimento() {
  const [searchParams] = useSearchParams();
  const clientId = parseClientId(searchParams.get('clientId'));

  return (
    <section className="att-service" aria-label="Atendimento">
      {/* No campaign is loaded yet: the bar shows the spec's dash placeholder. */}
      <header className="consig-panel att-campaign-bar" aria-label="Campanha">
        ---
      </header>
      <div className="consig-panel att-service__body">
        {clientId ? (
          <h2>Cliente {clientId}</h2>
        ) : (
          <button type="button" className="consig-button" disabled title="Disponível em breve">
            Iniciar Campanha
          </button>
        )}
      </div>
    </section>
  );
}
