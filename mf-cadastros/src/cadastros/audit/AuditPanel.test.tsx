import { session, type AuditItem } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AuditPanel } from './AuditPanel';

const row = (id: number, extra: Partial<AuditItem> = {}): AuditItem => ({
  ID_Auditoria: id,
  TS_Acao: '2026-03-10T13:05:00.000Z',
  ID_Pessoa: 3,
  DE_Pessoa: 'Carla Dias',
  TP_Acao: 'pessoa.edicao',
  DE_Acao: 'Pessoa alterada',
  DE_Endereco: '10.0.0.7',
  JS_Detalhe: { ID_Pessoa: 1 },
  JS_Antes: { ID_Funcao: 11 },
  JS_Depois: { ID_Funcao: 12 },
  ...extra,
});

function serve() {
  const asked: string[] = [];
  const server = fakeApi((request) => {
    const url = request.url ?? '';
    if (url.startsWith('/cadastros/pessoas')) return { body: { success: true, text: '', data: [] } };
    asked.push(url);
    const second = url.includes('cursor=p2');
    return {
      body: {
        success: true,
        text: '',
        data: second ? [row(1, { DE_Endereco: null, TP_Acao: 'auditoria.exportacao', DE_Acao: 'Auditoria exportada' })] : [row(2)],
        TX_Proximo: second ? null : 'p2',
      },
    };
  });
  return { server, asked };
}

let served: ReturnType<typeof serve>;
afterEach(() => {
  served.server.restore();
  session.signOut();
});

test('lists who did what, when (São Paulo time), from where and what changed, and loads the next page on demand', async () => {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  served = serve();
  renderScreen(<AuditPanel />, '/cadastros/auditoria');
  expect(await screen.findByText('1 registro(s) mostrados; há mais.')).toBeTruthy();
  const first = within(screen.getByRole('table')).getAllByRole('row')[1];
  expect(
    within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['10/03/2026 10:05', 'Carla Dias', 'Pessoa alterada', '10.0.0.7', 'ID_Pessoa: 1ID_Funcao: 11 → 12']);
  fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
  expect(await screen.findByText('2 registro(s).')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  expect(served.asked).toEqual(['/cadastros/auditoria', '/cadastros/auditoria?cursor=p2']);
});

test('asks with the filters chosen, and says an end before the start at its field without asking for it', async () => {
  signIn({ ID_Funcao: 13, ID_Pessoa: 3 });
  served = serve();
  renderScreen(<AuditPanel />, '/cadastros/auditoria');
  await screen.findByText('1 registro(s) mostrados; há mais.');
  fireEvent.change(screen.getByLabelText('Ação'), { target: { value: 'proposta.status' } });
  fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-03-10' } });
  await waitFor(() => expect(served.asked.at(-1)).toBe('/cadastros/auditoria?DT_Inicio=2026-03-10&TP_Acao=proposta.status'));
  fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-03-01' } });
  expect((await screen.findByRole('alert')).textContent).toBe('A data final não pode ser anterior à inicial.');
  expect(screen.getByRole('button', { name: 'Exportar CSV' })).toHaveProperty('disabled', true);
  fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-03-31' } });
  await waitFor(() =>
    expect(served.asked.at(-1)).toBe('/cadastros/auditoria?DT_Inicio=2026-03-10&DT_Fim=2026-03-31&TP_Acao=proposta.status'),
  );
  expect(served.asked.some((url) => url.includes('DT_Fim=2026-03-01'))).toBe(false);
});
