import { PASSWORD_RECOVERY_TEXT } from '@consig/shared/contracts';
import { fakeApi } from '@consig/shared/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetPage } from '../test/reset';
import { PasswordRecoveryPage } from './PasswordRecoveryPage';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/recuperar-senha']}>
      <Routes>
        <Route path="/recuperar-senha" element={<PasswordRecoveryPage />} />
        <Route path="/" element={<h1>Entrar</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar link' }));
};

afterEach(resetPage);

describe('PasswordRecoveryPage', () => {
  it("sends the e-mail and shows the server's answer, the same whatever the e-mail", async () => {
    const bodies: unknown[] = [];
    const server = fakeApi((request) => {
      bodies.push(JSON.parse(request.data));
      return { body: { success: true, text: PASSWORD_RECOVERY_TEXT.requested } };
    });
    renderPage();
    ask('maria@empresa.com.br');
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_RECOVERY_TEXT.requested);
    expect(server.requests).toEqual(['POST /lnk/senha/esqueci']);
    expect(bodies).toEqual([{ EM_Email: 'maria@empresa.com.br' }]);
    expect(screen.queryByRole('button', { name: 'Enviar link' })).toBeNull();
    server.restore();
  });

  it('checks the e-mail before calling the server', () => {
    const server = fakeApi(() => ({ body: { success: true, text: '' } }));
    renderPage();
    ask('não é e-mail');
    expect(screen.getByText('Email inválido.')).toBeTruthy();
    expect(server.requests).toEqual([]);
    server.restore();
  });

  it("shows a refusal (too many requests) in the server's words and keeps the form", async () => {
    const text = 'Muitas tentativas de acesso. Aguarde 1 hora e tente novamente.';
    const server = fakeApi(() => ({ status: 429, body: { success: false, text } }));
    renderPage();
    ask('maria@empresa.com.br');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('button', { name: 'Enviar link' })).toBeTruthy();
    server.restore();
  });

  it('leads back to the sign-in page', () => {
    renderPage();
    fireEvent.click(screen.getByRole('link', { name: 'Voltar para o login' }));
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeTruthy();
  });
});
