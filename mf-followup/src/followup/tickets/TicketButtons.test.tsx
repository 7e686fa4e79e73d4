import { bus, session, type Ticket } from '@consig/shared';
import { fakeApi, renderScreen, signIn, type FakeAnswer } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { TicketButtons } from './TicketButtons';

const ok = (data: unknown, text = '') => ({ body: { success: true, text, data } });
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const png = new Blob([pngBytes], { type: 'image/png' });

const pending: Ticket = {
  ChamadoID: 41,
  ID_Proposta: 7,
  ID_Status: 73,
  TX_Chamado: 'Cliente pediu revisão da taxa.',
  TS_Chamado: '2026-03-15T12:30:00Z',
  TX_Resposta: null,
  TS_Resposta: null,
  SN_Anexo: true,
  SN_AnexoResposta: false,
};
const resolved: Ticket = {
  ...pending,
  ChamadoID: 40,
  ID_Status: 75,
  TX_Chamado: 'Documento ilegível.',
  TS_Chamado: '2026-03-10T13:00:00Z',
  TX_Resposta: 'Novo documento anexado.',
  TS_Resposta: '2026-03-11T20:15:00Z',
  SN_Anexo: false,
  SN_AnexoResposta: true,
};

type FakeRequest = Parameters<Parameters<typeof fakeApi>[0]>[0];
let server: ReturnType<typeof fakeApi> | undefined;
/** The fake API: `routes` answers by 'METHOD /path'; the requests' bodies are kept. */
function serve(routes: Record<string, (request: FakeRequest) => FakeAnswer>) {
  const bodies: unknown[] = [];
  server = fakeApi((request) => {
    const key = `${request.method?.toUpperCase()} ${request.url}`;
    if (request.data) bodies.push(JSON.parse(String(request.data)));
    return routes[key]?.(request) ?? { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
  return { requests: server.requests, bodies };
}
const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

beforeEach(() => {
  signIn({ ID_Funcao: 11 });
});
afterEach(() => {
  server?.restore();
  server = undefined;
  session.signOut();
  jest.restoreAllMocks();
});

describe('the row buttons follow the latest ticket (product-spec §4)', () => {
  test.each([
    [null, ['Abrir Chamado']],
    [75, ['Abrir Chamado', 'Status Resolvido']],
    [73, ['Status Pendente']],
  ])('status %p → %p', (status, names) => {
    renderScreen(<TicketButtons proposalId={7} ticketStatus={status} />);
    expect(buttonNames()).toEqual(names);
  });
});

describe("'Abrir chamado'", () => {
  const openForm = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Abrir Chamado' }));
    return within(screen.getByRole('dialog', { name: 'Abrir chamado' }));
  };
  const chooseFile = (dialog: ReturnType<typeof openForm>, file: File) =>
    fireEvent.change(dialog.getByLabelText('Anexo (png, jpeg ou jpg)'), { target: { files: [file] } });

  test('the text is required, and nothing is sent without it', async () => {
    const { requests } = serve({});
    renderScreen(<TicketButtons proposalId={7} ticketStatus={null} />);
    const dialog = openForm();
    fireEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    expect(await dialog.findByText('Este campo é obrigatório.')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  test('refuses a file that is not png, jpeg or jpg, and shows the name of one that is', async () => {
    serve({});
    renderScreen(<TicketButtons proposalId={7} ticketStatus={null} />);
    const dialog = openForm();
    const input = dialog.getByLabelText('Anexo (png, jpeg ou jpg)') as HTMLInputElement;
    expect(input.accept).toBe('.png,.jpeg,.jpg,image/png,image/jpeg');

    chooseFile(dialog, new File(['texto'], 'notas.txt', { type: 'text/plain' }));
    expect(await dialog.findByText('Anexo inválido: envie uma imagem PNG ou JPEG.')).toBeTruthy();
    expect(dialog.queryByText(/^Arquivo:/)).toBeNull();

    chooseFile(dialog, new File([png], 'comprovante.JPG', { type: 'image/jpeg' }));
    expect(await dialog.findByText('Arquivo: comprovante.JPG')).toBeTruthy();
    expect(dialog.queryByText('Anexo inválido: envie uma imagem PNG ou JPEG.')).toBeNull();
  });

  test('sends the text and the image as a data URL once, however often it is clicked, then closes', async () => {
    const success = jest.spyOn(toast, 'success');
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { requests, bodies } = serve({
      'POST /crm/chamado': () => new Promise((resolve) => (answer = resolve)),
      'GET /crm/chamado/7': () => ok([pending]),
    });
    const { queryClient } = renderScreen(<TicketButtons proposalId={7} ticketStatus={null} />);
    const proposalList = ['proposals', 'list', { status: 0 }];
    queryClient.setQueryData(proposalList, { rows: [] });
    const dialog = openForm();
    fireEvent.change(dialog.getByLabelText('Descrição do chamado'), { target: { value: 'Cliente pediu revisão da taxa.' } });
    chooseFile(dialog, new File([png], 'comprovante.png', { type: 'image/png' }));
    await dialog.findByText('Arquivo: comprovante.png');

    const submit = dialog.getByRole('button', { name: 'Abrir chamado' });
    fireEvent.click(submit);
    await waitFor(() => expect(dialog.getByRole('button', { name: /Enviando/ }).hasAttribute('disabled')).toBe(true));
    fireEvent.click(dialog.getByRole('button', { name: /Enviando/ }));
    fireEvent.submit(dialog.getByRole('button', { name: /Enviando/ }).closest('form')!);
    await act(async () => answer(ok({ ChamadoID: 41 }, 'Chamado aberto.')));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Chamado aberto.', undefined));
    expect(requests.filter((request) => request === 'POST /crm/chamado')).toHaveLength(1);
    expect(bodies).toEqual([
      {
        ID_Proposta: 7,
        TX_Chamado: 'Cliente pediu revisão da taxa.',
        TX_Base: `data:image/png;base64,${Buffer.from(pngBytes).toString('base64')}`,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Abrir chamado' })).toBeNull());
    // The row's buttons come from the proposal list: every list is read again, whatever its filters.
    expect(queryClient.getQueryState(proposalList)?.isInvalidated).toBe(true);
  });

  test('a refusal keeps what was typed and shows the server text', async () => {
    const error = jest.spyOn(toast, 'error');
    serve({
      'POST /crm/chamado': () => ({ status: 400, body: { success: false, text: 'Anexo inválido: envie uma imagem PNG ou JPEG.' } }),
    });
    renderScreen(<TicketButtons proposalId={7} ticketStatus={null} />);
    const dialog = openForm();
    fireEvent.change(dialog.getByLabelText('Descrição do chamado'), { target: { value: 'Veja o anexo.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Anexo inválido: envie uma imagem PNG ou JPEG.', undefined));
    expect((dialog.getByLabelText('Descrição do chamado') as HTMLTextAreaElement).value).toBe('Veja o anexo.');
  });
});

describe("'Situação do chamado'", () => {
  test('shows each ticket with its number, badge, texts, times and images', async () => {
    const { requests } = serve({
      'GET /crm/chamado/7': () => ok([pending, resolved]),
      'GET /crm/chamado/41/1': () => ({ body: png }),
      'GET /crm/chamado/40/2': () => ({ body: png }),
    });
    renderScreen(<TicketButtons proposalId={7} ticketStatus={73} />);
    fireEvent.click(screen.getByRole('button', { name: 'Status Pendente' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Situação do chamado' }));

    const first = within(await dialog.findByRole('listitem', { name: 'Chamado 41' }));
    expect(first.getByRole('heading', { name: 'Chamado nº 41' })).toBeTruthy();
    expect(first.getByText('Pendente')).toBeTruthy();
    expect(first.getByText('Cliente pediu revisão da taxa.')).toBeTruthy();
    expect(first.getByText('15/03/2026 09:30')).toBeTruthy();
    expect(first.getByText('Aguardando resposta.')).toBeTruthy();
    // A data URL: the pages' CSP allows data: images, not blob: ones.
    expect((await first.findByRole('img', { name: 'Anexo do chamado 41' })).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(first.queryByRole('img', { name: 'Anexo da resposta do chamado 41' })).toBeNull();

    const second = within(dialog.getByRole('listitem', { name: 'Chamado 40' }));
    expect(second.getByText('Resolvido')).toBeTruthy();
    expect(second.getByText('Documento ilegível.')).toBeTruthy();
    expect(second.getByText('10/03/2026 10:00')).toBeTruthy();
    expect(second.getByText('Novo documento anexado.')).toBeTruthy();
    expect(second.getByText('11/03/2026 17:15')).toBeTruthy();
    expect(await second.findByRole('img', { name: 'Anexo da resposta do chamado 40' })).toBeTruthy();
    expect(second.queryByRole('img', { name: 'Anexo do chamado 40' })).toBeNull();
    expect(requests).toEqual(expect.arrayContaining(['GET /crm/chamado/41/1', 'GET /crm/chamado/40/2']));
  });

  test('shows no badge for another status and no image when the API has none (404)', async () => {
    serve({ 'GET /crm/chamado/7': () => ok([{ ...pending, ID_Status: 74 }]) });
    renderScreen(<TicketButtons proposalId={7} ticketStatus={75} />);
    fireEvent.click(screen.getByRole('button', { name: 'Status Resolvido' }));
    const ticket = within(await screen.findByRole('listitem', { name: 'Chamado 41' }));
    await waitFor(() => expect(server?.requests).toContain('GET /crm/chamado/41/1'));
    expect(ticket.queryByText('Pendente')).toBeNull();
    expect(ticket.queryByText('Resolvido')).toBeNull();
    expect(ticket.queryByRole('img')).toBeNull();
    expect(ticket.queryByText('Não foi possível carregar o anexo.')).toBeNull();
  });

  test('an answer pushed by the server (alert 1091) reads the tickets again, once for every row', async () => {
    let answered = false;
    const { requests } = serve({
      'GET /crm/chamado/7': () =>
        ok([answered ? { ...pending, ID_Status: 75, TX_Resposta: 'Taxa revista.', TS_Resposta: '2026-03-15T13:00:00Z' } : pending]),
      'GET /crm/chamado/41/1': () => ({ body: png }),
    });
    renderScreen(
      <>
        <TicketButtons proposalId={7} ticketStatus={73} />
        <TicketButtons proposalId={8} ticketStatus={null} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Status Pendente' }));
    await screen.findByText('Aguardando resposta.');

    answered = true;
    act(() =>
      bus.publish('realtime.alert@1', {
        TP_Alerta: 1091,
        DE_Dados: { ChamadoID: 41, ID_Proposta: 7 },
        DE_Observacao: 'Seu chamado 41 foi respondido.',
      }),
    );
    expect(await screen.findByText('Taxa revista.')).toBeTruthy();
    expect(screen.getByText('Resolvido')).toBeTruthy();
    expect(requests.filter((request) => request === 'GET /crm/chamado/7')).toHaveLength(2);
  });

  test('other alerts change nothing', async () => {
    const { requests } = serve({ 'GET /crm/chamado/7': () => ok([pending]), 'GET /crm/chamado/41/1': () => ({ body: png }) });
    renderScreen(<TicketButtons proposalId={7} ticketStatus={73} />);
    fireEvent.click(screen.getByRole('button', { name: 'Status Pendente' }));
    await screen.findByText('Aguardando resposta.');
    act(() => bus.publish('realtime.alert@1', { TP_Alerta: 1087, DE_Dados: {}, DE_Observacao: '' }));
    await act(async () => undefined);
    expect(requests.filter((request) => request === 'GET /crm/chamado/7')).toHaveLength(1);
  });
});
