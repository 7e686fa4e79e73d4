import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api } from '@consig/shared';
import { createQueryClient } from '@consig/shared/query';

/** Where the screen's router is now (path and query string), for tests of links and URL state. */
export const routerLocation = { current: '' };

function LocationProbe() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    routerLocation.current = `${pathname}${search}`;
  }, [pathname, search]);
  return null;
}

/**
 * Renders a screen as the host would give it: a fresh query cache with the page's rules (dedupe, retries,
 * error toasts) and a router at `url`; with `route`, the screen is mounted at that pattern (e.g.
 * '/campanhas/*', where the host mounts a remote). `routerLocation.current` follows the router.
 */
export function renderScreen(screen: ReactElement, url = '/', route?: string) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        {route ? (
          <Routes>
            <Route path={route} element={screen} />
          </Routes>
        ) : (
          screen
        )}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** The body of a successful API answer (product-spec §3 "Generic response"). */
export const ok = <T,>(data: T) => ({ data: { success: true, text: '', data }, status: 200 });

/** An HTTP error answer as axios reports it, with the API's error body. */
export function httpError(status: number, text: string, path = '/') {
  const config = { url: path, headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, {
    data: { success: false, text },
    status,
    statusText: String(status),
    headers: {},
    config,
  });
}

/** A call that got no answer (server down, no network). */
export function networkError(path = '/') {
  const config = { url: path, headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
}

/** Answers GETs from a path → data map in the API's envelope; unknown paths fail with 404. */
export function mockGet(answers: Record<string, unknown>) {
  return jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (!(path in answers)) throw httpError(404, 'Recurso não encontrado.', path);
    return ok(answers[path]);
  });
}
