import type { ReactNode } from 'react';
import { BATCH_TEXT } from '@consig/shared';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BatchRequestForm } from './BatchRequestForm';
import { BATCH_AGENCIES } from './profiles';

const SEGMENT_PREFIX = 'solicitar-lotes-';


/**
 * /campanhas/solicitar-lotes-{product}/{id}?ID_Orgao={n} (product-spec §2 "Provider batch request").
 * Mounted as `:segment/:id` (React Router cannot match part of a segment), so any other first segment,
 * or an id that is not a number, shows `notFound` (the remote's page, given by the routes: a feature does
 * not import another).
 */
export function BatchRequestPage({ notFound }: { notFound: ReactNode }) {
  const { segment = '', id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const product = segment.startsWith(SEGMENT_PREFIX) ? segment.slice(SEGMENT_PREFIX.length) : '';
  if (product === '' || !/^\d+$/.test(id) || Number(id) <= 0) return notFound;

  const agency = Number(search.get('ID_Orgao') ?? '');

  return (
    <section className="consig-panel" aria-labelledby="batch-request-title">
      <h2 id="batch-request-title">Solicitar lote</h2>
      <button type="button" className="consig-button consig-button--ghost" onClick={() => navigate('/campanhas')}>
        Voltar
      </button>
      {BATCH_AGENCIES.includes(agency) ? (
        <BatchRequestForm key={`${id}-${agency}`} campaignId={Number(id)} agency={agency} />
      ) : (
        // Product-spec §8: a campaign of any agency other than FGTS (1) or INSS (4).
        <p role="alert">{BATCH_TEXT.agencyOnly}</p>
      )}
    </section>
  );
}
