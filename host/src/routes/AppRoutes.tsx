import { useSession } from '@consig/shared';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { UnavailableModule } from '../layout/UnavailableModule';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { RequireSession } from '../session/RequireSession';
import { SignInPage } from '../signin/SignInPage';

// The sign-in page does not need the shell (navigation, realtime socket, their styles): it loads on sign-in.
const AuthenticatedLayout = lazy(() => import('../layout/AuthenticatedLayout').then((module) => ({ default: module.AuthenticatedLayout })));

/**
 * The route table (product-spec §2; routes are exact). Screens come from remotes at runtime; each
 * RemoteSlot has its own key so a failure in one screen never carries over to the next.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SignInPage />} />
      <Route
        element={
          <RequireSession>
            <AuthenticatedLayout />
          </RequireSession>
        }
      >
        <Route path="/dashboard" element={<RemoteSlot key="dashboard" remote="mf_attendance" module="./Dashboard" label="Dashboard" />} />
        <Route path="/atendimento" element={<RemoteSlot key="atendimento" remote="mf_attendance" module="./Atendimento" label="Atendimento" />} />
        {/* The campaigns remote owns its sub-routes (importar-lotes, solicitar-lotes-…) with its own <Routes>. */}
        <Route path="/campanhas/*" element={<RemoteSlot key="campanhas" remote="mf_campaigns" module="./Campaigns" label="Campanhas" />} />
        <Route path="/acompanhamentos" element={<RemoteSlot key="acompanhamentos" remote="mf_followup" module="./Followup" label="Acompanhamentos" />} />
        <Route path="/cadastros" element={<UnavailableModule key="cadastros" title="Cadastros" />} />
        <Route path="/calendário" element={<UnavailableModule key="calendario" title="Calendário" />} />
        <Route path="/relatórios" element={<UnavailableModule key="relatorios" title="Relatórios" />} />
      </Route>
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

function UnknownPath() {
  const { token } = useSession();
  return <Navigate to={token ? '/dashboard' : '/'} replace />;
}
