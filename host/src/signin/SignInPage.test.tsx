import { api, session, setRuntimeConfig } from '@consig/shared';
import { AppProviders } from '@consig/shared/query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetPage } from '../test/reset';
import { fakeApi, testToken } from '@consig/shared/testing';
import { PASSWORD_TEXT } from '@consig/shared/contracts';
import { PasswordChangeGate } from './ChangePasswordScreen';
import { passwordChange } from './passwordChange';
import { SignInPage } from './SignInPage';

function renderSignIn(onSigningIn?: () => void) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<SignInPage onSigningIn={onSigningIn} />} />
          <Route
            path="/dashboard"
            element={
              <PasswordChangeGate onLeave={() => undefined}>
                <h1>Painel de leads</h1>
              </PasswordChangeGate>
            }
          />
          <Route path="/recuperar-senha" element={<h1>Recuperar senha</h1>} />
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

afterEach(() => {
  resetPage();
  passwordChange.done();
});

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

  it('shows the e-mail and password fields, Remember, the forgot-password link, Register button and the banner', () => {
    renderSignIn();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText('Senha') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('checkbox', { name: /Lembrar/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' })).toBeTruthy();
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

  it("'Esqueceu sua senha?' leads to /recuperar-senha", () => {
    renderSignIn();
    fireEvent.click(screen.getByRole('link', { name: 'Esqueceu sua senha?' }));
    expect(screen.getByRole('heading', { name: 'Recuperar senha' })).toBeTruthy();
  });

  it("'Cadastre-se' explains that access comes from the company's manager", () => {
    renderSignIn();
    const register = screen.getByRole('button', { name: 'Cadastre-se' });
    expect(register.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/O acesso é liberado pelo gerente/)).toBeNull();
    fireEvent.click(register);
    expect(register.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('O acesso é liberado pelo gerente da sua empresa. Fale com ele para receber seu usuário.')).toBeTruthy();
  });

  it("with a temporary password (SN_TrocarSenha: 1) shows 'Troque sua senha' before anything else, then the dashboard", async () => {
    const requests: { method?: string; url?: string; body: unknown; auth: unknown }[] = [];
    const token = testToken({ DE_Pessoa: 'Nova Atendente' });
    const server = fakeApi((request) => {
      requests.push({
        method: request.method,
        url: request.url,
        body: request.data && JSON.parse(request.data),
        auth: request.headers.Authorization,
      });
      if (request.url === '/lnk/token') return { body: { success: true, text: 'Login realizado com sucesso.', token, SN_TrocarSenha: 1 } };
      if (request.url === '/lnk/senha') {
        const { PW_Nova } = JSON.parse(request.data);
        return PW_Nova === 'senha123456'
          ? { status: 400, body: { success: false, text: PASSWORD_TEXT.tooCommon } }
          : { body: { success: true, text: 'Senha alterada.' } };
      }
      return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
    });
    renderSignIn();
    fillAndSubmit('nova@empresa.com.br', 'Temporaria@1');
    expect(await screen.findByRole('heading', { name: 'Troque sua senha' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Painel de leads' })).toBeNull();

    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Senha temporária', 'Temporaria@1');
    type('Nova senha', 'senha123456');
    type('Confirme a nova senha', 'senha12345');
    fireEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/lnk/senha')).toHaveLength(0);

    type('Confirme a nova senha', 'senha123456');
    fireEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));
    // The rule is the server's: its text shows as it comes.
    expect(await screen.findByText(PASSWORD_TEXT.tooCommon)).toBeTruthy();

    type('Nova senha', 'Girassol-Azul-Trovao-42');
    type('Confirme a nova senha', 'Girassol-Azul-Trovao-42');
    fireEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(await screen.findByRole('heading', { name: 'Painel de leads' })).toBeTruthy();
    expect(requests.at(-1)).toEqual({
      method: 'put',
      url: '/lnk/senha',
      body: { PW_Atual: 'Temporaria@1', PW_Nova: 'Girassol-Azul-Trovao-42' },
      auth: `Bearer ${token}`,
    });
    server.restore();
  });

  it('without SN_TrocarSenha goes straight to the dashboard, even after an earlier sign-in had to change', async () => {
    const first = testToken({ DE_Pessoa: 'Primeira' });
    let answer: object = { success: true, text: 'ok', token: first, SN_TrocarSenha: 1 };
    const server = fakeApi(() => ({ body: answer }));
    renderSignIn();
    fillAndSubmit('a@empresa.com.br', 'Temporaria@1');
    expect(await screen.findByRole('heading', { name: 'Troque sua senha' })).toBeTruthy();
    cleanup();
    act(() => {
      session.signOut();
    });
    renderSignIn();
    answer = { success: true, text: 'ok', token: testToken({ DE_Pessoa: 'Segunda' }) };
    fillAndSubmit('b@empresa.com.br', 'Senha-De-Sempre-1');
    expect(await screen.findByRole('heading', { name: 'Painel de leads' })).toBeTruthy();
    server.restore();
  });
});
