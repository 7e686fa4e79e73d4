import { Route, Routes } from 'react-router-dom';
import { BatchImportPage } from './batch-import/BatchImportPage';
import { BatchRequestPage } from './batch-request/BatchRequestPage';
import { CampaignListPage } from './campaign-list/CampaignListPage';
import './lib/campaigns.css';
import { NotFound } from './not-found/NotFound';

/**
 * The exposed './Campaigns': the host mounts it at /campanhas/*, and these routes are relative to that.
 *
 * The provider request `solicitar-lotes-{product}/:id`: React Router 7 cannot match part of a segment
 * ('solicitar-lotes-:product'), so that one is a `:segment/:id` route whose element parses the
 * 'solicitar-lotes-' prefix and renders NotFound otherwise (its route goes in the marked place below).
 */
export default function Campaigns() {
  return (
    <Routes>
      <Route index element={<CampaignListPage />} />
      <Route path="importar-lotes/:id" element={<BatchImportPage />} />
      {/* Provider batch request route (batch-request/) goes here. */}
      <Route path=":segment/:id" element={<BatchRequestPage notFound={<NotFound />} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
