import { useSession } from '@consig/shared';
import { useEffect } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AuthenticatedLayout } from '../layout/AuthenticatedLayout';
import { UnavailableModule } from '../layout/UnavailableModule';
import { RemoteNavigation } from '../navigation/remoteNavigation';
import { prefetchRouteData } from '../remotes/prefetch';
import { preloadRemotes } from '../remotes/preload';
import { remoteManifests } from '../remotes/registry';
import { RemoteSlot } from '../remotes/RemoteSlot';

/** Modules product-spec §2 lists that the shell shows as unavailable until a remote's manifest routes their path. */
const UNAVAILABLE_MODULES = [
  { path: '/cadastros', key: 'cadastros', title: 'Cadastros' },
  { path: '/calendário', key: 'calendario', title: 'Calendário' },
  { path: '/relatórios', key: 'relatorios', title: 'Relatórios' },
];

/**
 * The signed-in area, loaded on sign-in (routes/AppRoutes.tsx) once remotes.json is registered. The
 * screens' routes come from the remotes' manifests (host/src/remotes/manifest.ts: /dashboard, /atendimento,
 * /campanhas/*, /acompanhamentos, /relatórios today); the shell keeps only the unavailable modules no remote
 * route claims, and an unknown path goes to /dashboard. Each RemoteSlot has its own key so a failure in one
 * screen never carries over to the next.
 */
export function SignedInRoutes() {
  const manifests = remoteManifests();
  const remoteRoutes = manifests.flatMap(({ remote, routes }) => routes.map((route) => ({ remote, ...route })));
  const unavailable = UNAVAILABLE_MODULES.filter(({ path }) => !remoteRoutes.some((route) => matchPath(route.path, path)));
  return (
    <>
      <PreloadRemotes />
      <PrefetchRouteData />
      <Routes>
        <Route
          element={
            <RemoteNavigation.Provider value={manifests}>
              <AuthenticatedLayout />
            </RemoteNavigation.Provider>
          }
        >
          {remoteRoutes.map(({ remote, path, module, label }) => (
            <Route
              key={path}
              path={path}
              element={
                <>
                  {/* One h1 per screen, named as the manifest names it; the screen's panels are its h2s. */}
                  <h1 className="consig-visually-hidden">{label}</h1>
                  <RemoteSlot key={path} remote={remote} module={module} label={label} />
                </>
              }
            />
          ))}
          {unavailable.map(({ path, key, title }) => (
            <Route key={path} path={path} element={<UnavailableModule key={key} title={title} />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Routes>
    </>
  );
}

/** Once signed in, preloads while the browser is idle the remotes the user's role can open (host/src/remotes/preload.ts). */
function PreloadRemotes() {
  const { user } = useSession();
  const roleId = user?.ID_Funcao;
  useEffect(() => preloadRemotes(roleId), [roleId]);
  return null;
}

/** On every navigation, starts the new screen's first reads while its code loads (host/src/remotes/prefetch.ts). */
function PrefetchRouteData() {
  const { user } = useSession();
  const roleId = user?.ID_Funcao;
  const { pathname } = useLocation();
  useEffect(() => prefetchRouteData(remoteManifests(), pathname, roleId), [pathname, roleId]);
  return null;
}
