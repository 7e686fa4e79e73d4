import type { ClientDocument } from '@consig/shared';
import { fakeApi, renderScreen } from '@consig/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import Atendimento from '../Atendimento';
import { aClient, envelope } from '../testData';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a]);
let documents: ClientDocument[];
let posted: Record<string, unknown>[];
let server: ReturnType<typeof fakeApi>;

const aDocument = (id: number, changes: Partial<ClientDocument> = {}): ClientDocument => ({
  DocumentoID: id,
  ID_Cliente: 7,
  ID_TipoDocumento: 3,
  DE_TipoDocumento: 'Extrato',
  NO_Arquivo: `extrato-${id}.pdf`,
  TP_Arquivo: 'application/pdf',
  NU_Bytes: 2048,
  TS_Envio: '2026-11-20T10:15:00.000-03:00',
  DE_Pessoa: 'Ana Atendente',
  ...changes,
});

beforeEach(() => {
  documents = [aDocument(2)];
  posted = [];
  server = fakeApi((request) => {
    const path = request.url ?? '';
    if (path === '/crm/cliente/basicoPorID/7') return envelope({ cliente: aClient({ ClienteID: 7 }) });
    if (path === '/crm/cliente/operacoes/7') return envelope([]);
    if (path === '/crm/cliente/telefones/7')
      return envelope([{ TelefoneID: 1, DE_Telefone: '11987654321', CO_DDD: '11', CO_Telefone: '987654321' }]);
    if (path === '/crm/cliente/7/documentos' && request.method === 'get') return envelope(documents);
    if (path === '/crm/cliente/7/documentos' && request.method === 'post') {
      const body = JSON.parse(request.data as string) as Record<string, unknown>;
      posted.push(body);
      documents = [aDocument(3, { ID_TipoDocumento: 1, DE_TipoDocumento: 'RG/CNH', NO_Arquivo: String(body.NO_Arquivo) }), ...documents];
      return { body: { success: true, text: 'Documento enviado.', data: { DocumentoID: 3 } } };
    }
    if (path === '/crm/cliente/7/documentos/2' && request.method === 'delete') {
      documents = documents.filter((document) => document.DocumentoID !== 2);
      return { body: { success: true, text: 'Documento excluído.', data: { DocumentoID: 2 } } };
    }
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
  jest.restoreAllMocks();
});

async function openPopup() {
  renderScreen(<Atendimento />, '/atendimento?clientId=7');
  fireEvent.click(await screen.findByRole('button', { name: 'Configurações e documentos' }));
  return within(screen.getByRole('dialog', { name: 'Configurações e documentos' }));
}

it('its show-data toggle shows and hides the phone numbers', async () => {
  const popup = await openPopup();
  await screen.findByText('Cel. 1');
  expect(screen.queryByText('(11) 98765-4321')).toBeNull();
  const toggle = popup.getByRole('switch', { name: 'Mostrar dados do cliente' }) as HTMLInputElement;
  expect(toggle.checked).toBe(false);
  fireEvent.click(toggle);
  expect(toggle.checked).toBe(true);
  expect(screen.getByText('(11) 98765-4321')).toBeTruthy();
  fireEvent.click(toggle);
  expect(screen.queryByText('(11) 98765-4321')).toBeNull();
});

it('lists the documents, uploads one as a data URL with its kind and name, and deletes after a confirmation', async () => {
  const success = jest.spyOn(toast, 'success');
  const popup = await openPopup();
  const listed = await popup.findByRole('listitem', { name: 'Extrato: extrato-2.pdf' });
  expect(listed.textContent).toContain('2 KB · 20/11/2026 10:15 · Ana Atendente');

  fireEvent.click(popup.getByRole('button', { name: 'Enviar documento' }));
  expect(await popup.findByText('Selecione o tipo do documento.')).toBeTruthy();
  expect(popup.getByText('Anexar um arquivo é obrigatório.')).toBeTruthy();
  expect(posted).toEqual([]);

  fireEvent.change(popup.getByLabelText('Tipo do documento'), { target: { value: '1' } });
  fireEvent.change(popup.getByLabelText('Arquivo (PNG, JPEG ou PDF, até 5 MB)'), {
    target: { files: [new File([PDF], 'cnh frente.pdf', { type: 'application/pdf' })] },
  });
  fireEvent.click(popup.getByRole('button', { name: 'Enviar documento' }));
  await popup.findByRole('listitem', { name: 'RG/CNH: cnh frente.pdf' });
  expect(posted).toEqual([
    { ID_TipoDocumento: 1, NO_Arquivo: 'cnh frente.pdf', TX_Base: `data:application/pdf;base64,${Buffer.from(PDF).toString('base64')}` },
  ]);
  expect(success).toHaveBeenCalledWith('Documento enviado.', { duration: 5000 });

  fireEvent.click(within(listed).getByRole('button', { name: 'Excluir' }));
  fireEvent.click(within(listed).getByRole('button', { name: 'Confirmar exclusão' }));
  await waitFor(() => expect(popup.queryByRole('listitem', { name: 'Extrato: extrato-2.pdf' })).toBeNull());
  expect(server.requests).toContain('DELETE /crm/cliente/7/documentos/2');
});

it('refuses a file over 5 MB or of another kind before sending it', async () => {
  const popup = await openPopup();
  await popup.findByRole('listitem', { name: 'Extrato: extrato-2.pdf' });
  const file = popup.getByLabelText('Arquivo (PNG, JPEG ou PDF, até 5 MB)');
  const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'extrato.pdf', { type: 'application/pdf' });
  fireEvent.change(file, { target: { files: [big] } });
  expect(popup.getByText('O documento passa de 5 MB.')).toBeTruthy();
  fireEvent.change(file, { target: { files: [new File(['CPF;Nome'], 'lista.csv', { type: 'text/csv' })] } });
  expect(popup.getByText('Documento inválido: envie um arquivo PNG, JPEG ou PDF.')).toBeTruthy();
  fireEvent.change(popup.getByLabelText('Tipo do documento'), { target: { value: '3' } });
  fireEvent.click(popup.getByRole('button', { name: 'Enviar documento' }));
  await waitFor(() => expect(popup.getByText('Documento inválido: envie um arquivo PNG, JPEG ou PDF.')).toBeTruthy());
  expect(posted).toEqual([]);
});
