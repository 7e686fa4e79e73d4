import { api, session } from '@consig/shared';
import { PASSWORD_CHANGE_REQUIRED_TEXT, PASSWORD_CHANGE_TEXT } from '@consig/shared/contracts';
import { fakeApi, testToken } from '@consig/shared/testing';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetPage } from '../test/reset';
import { PasswordChangeGate } from './ChangePasswordScreen';
import { passwordChange } from './passwordChange';

function renderGate(onLeave = jest.fn()) {
  render(
    <MemoryRouter initialEntries={['/atendimento']}>
      <Routes>
        <Route
          path="*"
          element={
            <PasswordChangeGate onLeave={onLeave}>
              <h1>Área autenticada</h1>
            </PasswordChangeGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return onLeave;
}

const signIn = (token: string) =>
  act(() => {
    session.signIn(token);
  });

afterEach(() => {
  resetPage();
  passwordChange.done();
});

describe('PasswordChangeGate', () => {
  it("shows only 'Troque sua senha' while this sign-in must replace its temporary password, after a reload too", () => {
    const token = testToken();
    signIn(token);
    passwordChange.require(token);
    expect(sessionStorage.getItem('consig.trocarSenha')).toBe(token);
    renderGate();
    expect(screen.getByRole('heading', { name: 'Troque sua senha' })).toBeTruthy();
    expect(screen.getByLabelText('Senha temporária')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Área autenticada' })).toBeNull();
  });

  it("shows the server's refusal of the current password and stays", async () => {
    const token = testToken();
    signIn(token);
    passwordChange.require(token);
    const server = fakeApi(() => ({ status: 400, body: { success: false, text: PASSWORD_CHANGE_TEXT.wrongCurrent } }));
    renderGate();
    fireEvent.change(screen.getByLabelText('Senha temporária'), { target: { value: 'errada' } });
    fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: 'Girassol-Azul-Trovao-42' } });
    fireEvent.change(screen.getByLabelText('Confirme a nova senha'), { target: { value: 'Girassol-Azul-Trovao-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Senha atual incorreta.');
    expect(screen.getByRole('heading', { name: 'Troque sua senha' })).toBeTruthy();
    server.restore();
  });

  it("offers 'Sair'", () => {
    const token = testToken();
    signIn(token);
    passwordChange.require(token);
    const onLeave = renderGate();
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it("turns the API's 403 'Troque sua senha temporária…' on any screen into the change screen, for this sign-in only", async () => {
    const earlier = testToken({ DE_Pessoa: 'Antes' });
    const token = testToken({ DE_Pessoa: 'Depois' });
    const refusal = { status: 403, body: { success: false, text: PASSWORD_CHANGE_REQUIRED_TEXT } };
    let answerLate = (): void => undefined;
    const late = new Promise<typeof refusal>((resolve) => {
      answerLate = () => resolve(refusal);
    });
    const server = fakeApi((request) => (request.url === '/lento' ? late : refusal));
    // An earlier sign-in's request, answered once another person signed in, holds nobody.
    signIn(earlier);
    const earlierCall = api.get('/lento').catch(() => undefined);
    await act(() => new Promise((sent) => setTimeout(sent, 0))); // on its way with the earlier token
    signIn(token);
    renderGate();
    await act(async () => {
      answerLate();
      await earlierCall;
    });
    expect(screen.getByRole('heading', { name: 'Área autenticada' })).toBeTruthy();
    await act(() => api.get('/atendente/lead').catch(() => undefined));
    expect(screen.getByRole('heading', { name: 'Troque sua senha' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Área autenticada' })).toBeNull();
    server.restore();
  });

  it('does not hold a later sign-in (another token) to an earlier requirement', () => {
    passwordChange.require(testToken({ DE_Pessoa: 'Antes' }));
    signIn(testToken({ DE_Pessoa: 'Depois' }));
    renderGate();
    expect(screen.getByRole('heading', { name: 'Área autenticada' })).toBeTruthy();
  });
});
