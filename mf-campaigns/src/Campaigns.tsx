import { Route, Routes } from 'react-router-dom';
import { CampaignListPage } from './campaign-list/CampaignListPage';
import { NotFound } from './not-found/NotFound';

/**
 * The exposed './Campaigns': the host mounts it at /campanhas/*, and these routes are relative to that.
 *
 * Coming next: `importar-lotes/:id`, and the provider request `solicitar-lotes-{product}/:id`. React
 * Router 7 cannot match part of a segment ('solicitar-lotes-:product'), so that one will be a
 * `:segment/:id` route whose element parses the 'solicitar-lotes-' prefix and renders NotFound otherwise.
 */
export default function Campaigns() {
  return (
    <Routes>
      <Route index element={<CampaignListPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
