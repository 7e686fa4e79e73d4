import { Navigate, Route, Routes } from 'react-router-dom';
import Campaigns from './Campaigns';

/**
 * Mounts the remote where the host mounts it (/campanhas/*), for running it without the host: the
 * screens link to absolute /campanhas paths, so they must live under that prefix here too.
 */
export function StandaloneRoutes() {
  return (
    <Routes>
      <Route path="/campanhas/*" element={<Campaigns />} />
      <Route path="*" element={<Navigate to="/campanhas" replace />} />
    </Routes>
  );
}
