import { api, session, setRuntimeConfig } from '@consig/shared';
import { AppProviders } from '@consig/shared/query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetPage } from '../test/reset';
import { fakeApi, testToken } from '@consig/shared/testing';
import { SignInPage } from './SignInPage';

function renderSignIn(onSigningIn?: () => void) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<SignInPage onSigningIn={onSigningIn} />} />
          <Route path="/dashboard" element={<h1>Painel de leads</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

afterEach(resetPage);

describe('SignInPage', () => {
  it('tells the shell when the user starts signing in and when the form is sent, before the answer, so the next screen loads meanwhile', () => {
    const server = fakeApi(() => new Promise(() => undefined));
    const onSigningIn = jest.fn();
    renderSignIn(onSigningIn);
    expect(onSigningIn).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText('E-mail'));
    expect(onSigningIn).toHaveBeenCalledTimes(1);
    fillAndSubmit('ana@demo.com.br', 'Senha@123');
    expect(onSigningIn).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('heading', { name: 'Painel de leads' })).toBeNull();
    server.restore();
  });

  it('shows the e-mail and password fields, Remember, forgot-password text, Register button and the banner', () => {
    renderSignIn();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText('Senha') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('checkbox', { name: /Lembrar/ })).toBeTruthy();
    expect(screen.getByText('Esqueceu sua senha?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cadastre-se' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Publicidade' })).toBeTruthy();
  });

  it('redirects to /dashboard when a token already exists', () => {
    act(() => {
      session.signIn(testToken());
    });
    renderSignIn();
    expect(screen.getByRole('heading', { name: 'Painel de leads' })).toBeTruthy();
  });

  it('posts the credentials and goes to /dashboard on success', async () => {
    const post = jest
      .spyOn(api, 'post')
      .mockResolvedValue({ data: { success: true, text: 'Bem-vindo.', token: testToken({ DE_Pessoa: 'Maria Souza' }) } });
    renderSignIn();
    fillAndSubmit('maria@empresa.com.br', 'segredo');
    expect(await screen.findByRole('heading', { name: 'Painel de leads' })).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/lnk/token', { EM_Email: 'maria@empresa.com.br', PW_Senha: 'segredo' });
    expect(session.get().user?.DE_Pessoa).toBe('Maria Souza');
  });

  it("shows the server's text as an error and stays on the page when sign-in fails", async () => {
    jest.spyOn(api, 'post').mockResolvedValue({ data: { success: false, text: 'E-mail ou senha inválidos.' } });
    renderSignIn();
    fillAndSubmit('maria@empresa.com.br', 'errada');
    expect(await screen.findByText('E-mail ou senha inválidos.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(session.get().token).toBeNull();
  });

  it('says in Portuguese that the server cannot be reached when the API is down, and stays on the page', async () => {
    setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' });
    const server = fakeApi(() => 'network-error');
    try {
      renderSignIn();
      fillAndSubmit('maria@empresa.com.br', 'segredo');
      expect(await screen.findByText('Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.')).toBeTruthy();
      expect(screen.queryByText('Network Error')).toBeNull();
      expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
      expect(session.get().token).toBeNull();
    } finally {
      server.restore();
    }
  });

  it('validates the fields before calling the server', async () => {
    const post = jest.spyOn(api, 'post');
    renderSignIn();
    fillAndSubmit('não-é-email', '');
    expect(await screen.findByText('Email inválido.')).toBeTruthy();
    expect(screen.getByText('Este campo é obrigatório.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
