import { Navigate, Route, Routes } from 'react-router-dom';
import Atendimento from './atendimento/Atendimento';
import Calendar from './calendar/Calendar';
import Dashboard from './dashboard/Dashboard';

/** The routes this remote owns, for running it without the host (the host mounts each screen itself). */
export function StandaloneRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<Dashboard />} />
      <Route path="/atendimento" element={<Atendimento />} />
      <Route path="/calendário" element={<Calendar />} />
      <Route path="*" element={<Navigate to="/dashboard" replace />} />
    </Routes>
  );
}
