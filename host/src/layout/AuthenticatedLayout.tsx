import { routeLinks, useBusEvent } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router-dom';
import { SideNav } from '../navigation/SideNav';
import { useRealtimeSocket } from '../realtime/useRealtimeSocket';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { useLogout } from '../session/useLogout';
import { useSessionEndCleanup } from '../session/useSessionEndCleanup';
import './AuthenticatedLayout.css';

/**
 * The frame of every signed-in screen: side navigation, the routed screen, and the telephony call bar,
 * mounted always so calls survive navigation. It also owns the realtime socket and opens the client of
 * an answered incoming call (product-spec §2 "Client service screen"), and provides the page's one
 * QueryClient to every remote inside it.
 */
export function AuthenticatedLayout() {
  const navigate = useNavigate();
  const logout = useLogout();
  useRealtimeSocket();
  useSessionEndCleanup();
  useBusEvent('telephony.answered@1', ({ clientId }) => navigate(routeLinks.attendance(clientId)));

  return (
    <QueryClientProvider client={queryClient}>
      <div className="shell">
        <SideNav onLogout={logout} />
        <main className="shell-main" id="conteudo">
          <Outlet />
        </main>
        <div className="shell-callbar">
          <RemoteSlot remote="mf_telephony" module="./CallBar" label="Telefonia" />
        </div>
      </div>
    </QueryClientProvider>
  );
}
