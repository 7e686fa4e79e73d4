import { session } from '@consig/shared';
import { act, render, screen } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetPage } from '../test/reset';
import { testToken } from '@consig/shared/testing';
import { RequireSession } from './RequireSession';

function renderProtected(screenElement = <h1>Tela protegida</h1>) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/" element={<h1>Entrar no sistema</h1>} />
        <Route path="/dashboard" element={<RequireSession>{screenElement}</RequireSession>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(resetPage);

describe('RequireSession', () => {
  it('redirects to / without a token', () => {
    renderProtected();
    expect(screen.getByRole('heading', { name: 'Entrar no sistema' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tela protegida' })).toBeNull();
  });

  it('shows the screen with a token, and sends the user to / when the session ends (e.g. a 401)', () => {
    act(() => {
      session.signIn(testToken());
    });
    renderProtected();
    expect(screen.getByRole('heading', { name: 'Tela protegida' })).toBeTruthy();
    act(() => session.signOut());
    expect(screen.getByRole('heading', { name: 'Entrar no sistema' })).toBeTruthy();
  });

  it('shows the loading indicator while the screen loads', async () => {
    act(() => {
      session.signIn(testToken());
    });
    let finishLoading!: () => void;
    const Slow = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          finishLoading = () => resolve({ default: () => <h1>Tela carregada</h1> });
        }),
    );
    renderProtected(<Slow />);
    expect(screen.getByRole('status').textContent).toContain('Carregando...');
    await act(async () => finishLoading());
    expect(await screen.findByRole('heading', { name: 'Tela carregada' })).toBeTruthy();
  });

  it('ends the session when the token expires', () => {
    jest.useFakeTimers();
    try {
      act(() => {
        session.signIn(testToken({}, 60));
      });
      renderProtected();
      expect(screen.getByRole('heading', { name: 'Tela protegida' })).toBeTruthy();
      act(() => jest.advanceTimersByTime(61_000));
      expect(session.get().token).toBeNull();
      expect(screen.getByRole('heading', { name: 'Entrar no sistema' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});
