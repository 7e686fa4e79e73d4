import { routeLinks, useBusEvent } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router-dom';
import { SideNav } from '../navigation/SideNav';
import { useRealtimeSocket } from '../realtime/useRealtimeSocket';
import { slotFills } from '../remotes/manifest';
import { remoteManifests } from '../remotes/registry';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { useLogout } from '../session/useLogout';
import { useSessionEndCleanup } from '../session/useSessionEndCleanup';
import './AuthenticatedLayout.css';

/**
 * The frame of every signed-in screen: side navigation, the routed screen, and the call bar: the
 * 'callbar' slot of the remotes' manifests (mf-telephony's today), mounted here once so calls survive
 * navigation. It also owns the realtime socket and opens the client of
 * an answered incoming call (product-spec §2 "Client service screen"), or 'Novo Cliente' with the caller's
 * number when the number is no client's, and provides the page's one QueryClient to every remote inside it.
 */
export function AuthenticatedLayout() {
  const navigate = useNavigate();
  const logout = useLogout();
  // The same RemoteSlot as a route's screen: a remote that is down, or built against versions this host
  // cannot provide, shows its message with a retry here while the rest of the shell keeps working.
  const callbar = slotFills(remoteManifests(), 'callbar');
  useRealtimeSocket();
  useSessionEndCleanup();
  useBusEvent('telephony.answered@1', ({ clientId }) => navigate(routeLinks.attendance(clientId)));
  useBusEvent('telephony.unknown-caller-answered@1', ({ number }) => navigate(routeLinks.newClient(number)));

  return (
    <QueryClientProvider client={queryClient}>
      <div className="shell">
        <SideNav onLogout={logout} />
        <main className="shell-main" id="conteudo">
          <Outlet />
        </main>
        {callbar.length > 0 && (
          <aside className="shell-callbar" aria-label="Barra de chamadas">
            {callbar.map(({ remote, module, label }) => (
              <RemoteSlot key={`${remote}/${module}`} remote={remote} module={module} label={label} />
            ))}
          </aside>
        )}
      </div>
    </QueryClientProvider>
  );
}
