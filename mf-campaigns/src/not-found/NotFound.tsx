import { Link } from 'react-router-dom';

/** Any /campanhas sub-path this remote does not know. */
export function NotFound() {
  return (
    <section className="consig-panel" aria-labelledby="campaigns-not-found">
      <p id="campaigns-not-found">Página não encontrada.</p>
      <Link to="/campanhas" className="consig-button consig-button--ghost">
        Voltar
      </Link>
    </section>
  );
}
