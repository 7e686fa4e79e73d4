import type { ReactNode } from 'react';
import { BATCH_TEXT } from '@consig/shared';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCampaigns } from '@consig/shared/query';
import { BatchRequestForm } from './BatchRequestForm';
import { AGENCY_NAMES, BATCH_AGENCIES } from './profiles';

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
    <section className="consig-panel batch-request" aria-labelledby="batch-request-title">
      <div className="batch-request__head">
        <h2 id="batch-request-title">Solicitar lote</h2>
        <button type="button" className="consig-button consig-button--ghost" onClick={() => navigate('/campanhas')}>
          Voltar
        </button>
      </div>
      <BatchTarget campaignId={Number(id)} agency={agency} />
      {BATCH_AGENCIES.includes(agency) ? (
        <BatchRequestForm key={`${id}-${agency}`} campaignId={Number(id)} agency={agency} />
      ) : (
        // Product-spec §8: a campaign of any agency other than FGTS (1) or INSS (4).
        <p role="alert">{BATCH_TEXT.agencyOnly}</p>
      )}
    </section>
  );
}

/**
 * Which campaign the batch goes into and for which agency, so a supervisor who followed a
 * link knows where the clients will land. The campaign comes from the cached list the previous screen read.
 */
function BatchTarget({ campaignId, agency }: { campaignId: number; agency: number }) {
  const campaigns = useCampaigns();
  const campaign = campaigns.data?.find((item) => item.CampanhaID === campaignId);
  const campaignText = campaign
    ? `${campaign.CO_Campanha} - ${campaign.DE_Campanha}`
    : campaigns.isPending
      ? 'Carregando...'
      : `Campanha ${campaignId}`;
  return (
    <dl className="batch-request__target" aria-label="Destino do lote">
      <div>
        <dt>Campanha</dt>
        <dd title={campaignText}>{campaignText}</dd>
      </div>
      <div>
        <dt>Convênio</dt>
        <dd>{AGENCY_NAMES[agency] ?? '---'}</dd>
      </div>
    </dl>
  );
}
