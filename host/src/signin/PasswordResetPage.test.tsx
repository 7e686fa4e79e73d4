import { PASSWORD_RECOVERY_TEXT, PASSWORD_TEXT } from '@consig/shared/contracts';
import { fakeApi } from '@consig/shared/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetPage } from '../test/reset';
import { PasswordResetPage } from './PasswordResetPage';

function renderPage(url = '/redefinir-senha?token=abc-123') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/redefinir-senha" element={<PasswordResetPage />} />
        <Route path="/recuperar-senha" element={<h1>Recuperar senha</h1>} />
        <Route path="/" element={<h1>Entrar</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

function choose(password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText('Nova senha'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirme a nova senha'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

afterEach(resetPage);

describe('PasswordResetPage', () => {
  it("sends the link's token with the new password, then goes to the sign-in page", async () => {
    const bodies: unknown[] = [];
    const server = fakeApi((request) => {
      bodies.push(JSON.parse(request.data));
      return { body: { success: true, text: PASSWORD_RECOVERY_TEXT.reset } };
    });
    renderPage();
    choose('Girassol-Azul-Trovao-42');
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy();
    expect(server.requests).toEqual(['POST /lnk/senha/redefinir']);
    expect(bodies).toEqual([{ TX_Token: 'abc-123', PW_Nova: 'Girassol-Azul-Trovao-42' }]);
    server.restore();
  });

  it('asks for the password twice, the same, before calling the server', () => {
    const server = fakeApi(() => ({ body: { success: true, text: '' } }));
    renderPage();
    choose('Girassol-Azul-Trovao-42', 'Girassol-Azul-Trovao-43');
    expect(screen.getByText('As senhas não conferem.')).toBeTruthy();
    choose('', '');
    expect(screen.getAllByText('Este campo é obrigatório.')).toHaveLength(2);
    expect(server.requests).toEqual([]);
    server.restore();
  });

  it("shows the rule's refusal as the server words it, and lets the person try another", async () => {
    const server = fakeApi(() => ({ status: 400, body: { success: false, text: PASSWORD_TEXT.tooShort } }));
    renderPage();
    choose('curta');
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_TEXT.tooShort);
    expect(screen.queryByRole('link', { name: 'Pedir um novo link' })).toBeNull();
    server.restore();
  });

  it.each([PASSWORD_RECOVERY_TEXT.used, PASSWORD_RECOVERY_TEXT.expired, PASSWORD_RECOVERY_TEXT.invalid])(
    "says '%s' and offers a new link",
    async (text) => {
      const server = fakeApi(() => ({ status: 400, body: { success: false, text } }));
      renderPage();
      choose('Girassol-Azul-Trovao-42');
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      fireEvent.click(screen.getByRole('link', { name: 'Pedir um novo link' }));
      expect(screen.getByRole('heading', { name: 'Recuperar senha' })).toBeTruthy();
      server.restore();
    },
  );

  it('without a token in the address says the link is invalid', () => {
    renderPage('/redefinir-senha');
    expect(screen.getByRole('alert').textContent).toBe('Link inválido.');
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeTruthy();
  });
});
