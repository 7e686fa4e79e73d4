import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api } from '@consig/shared';

/**
 * Renders a screen as the host would give it: a fresh query cache (no retries) and a router at `url`;
 * with `route`, the screen is mounted at that pattern (e.g. '/campanhas/*', where the host mounts a remote).
 */
export function renderScreen(screen: ReactElement, url = '/', route?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        {route ? (
          <Routes>
            <Route path={route} element={screen} />
          </Routes>
        ) : (
          screen
        )}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The body of a successful API answer (product-spec §3 "Generic response"). */
export const ok = <T,>(data: T) => ({ data: { success: true, text: '', data } });

/** Answers GETs from a path → data map in the API's envelope; unknown paths fail with 404. */
export function mockGet(answers: Record<string, unknown>) {
  return jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (!(path in answers)) throw Object.assign(new Error(`404 ${path}`), { response: { status: 404 } });
    return ok(answers[path]);
  });
}
