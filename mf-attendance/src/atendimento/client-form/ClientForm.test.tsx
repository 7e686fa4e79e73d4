import { lookupCep, type Client } from '@consig/shared';
import { fakeApi, renderScreen } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useMemo } from 'react';
import { toast } from 'react-hot-toast';
import { ClientHeaderCard } from '../header/ClientHeaderCard';
import { AttendanceProvider, useAttendance, useAttendanceStore } from '../state/AttendanceContext';
import type { AttendanceState, AttendanceStore } from '../state/attendanceStore';
import { benefitTypeOf, selectedOperation } from '../state/operations';
import { aClient, anOperation, envelope } from '../testData';
import { ClientForm } from './ClientForm';
import { useClientForm, type ClientFormControls } from './useClientForm';

jest.mock('@consig/shared', () => ({ ...jest.requireActual<object>('@consig/shared'), lookupCep: jest.fn() }));
const cepLookup = jest.mocked(lookupCep);

const INSS = 1;
const SIAPE = 3;
const FGTS = 4;
const CCP = 5;

let server: ReturnType<typeof fakeApi>;
let store: AttendanceStore;
/** The controls the screen hands to the 'Cadastro' card and the submits. */
let clientForm: ClientFormControls;

beforeEach(() => {
  cepLookup.mockReset();
  server = fakeApi((request) => {
    if (request.url === '/cadastro/banco')
      return envelope([
        { BancoID: 1, DE_Banco: 'Banco do Brasil' },
        { BancoID: 341, DE_Banco: 'Itaú' },
      ]);
    if (request.url === '/cadastro/estado') return envelope([{ SG_Estado: 'SP', DE_Estado: 'São Paulo' }]);
    if (request.url === '/cadastro/especie') return envelope([{ EspecieID: 41, DE_Especie: 'Aposentadoria por idade' }]);
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
});

/** The 'Cadastro' card and the form as the screen mounts them: one client, its form handed down, one operation per type. */
function ClientParts({ state, creditTypes }: { state: AttendanceState & { client: Client }; creditTypes: number[] }) {
  const form = useClientForm(state.client);
  const operations = useMemo(() => creditTypes.map((type) => anOperation({ OperacaoID: 70 + type, ID_TipoCredito: type })), [creditTypes]);
  const benefitType = benefitTypeOf(selectedOperation(operations, state.operationSelected));
  useEffect(() => {
    clientForm = form;
  }, [form]);
  return (
    <>
      <ClientHeaderCard client={state.client} editMode={state.editMode} showData={state.showData} clientForm={form} />
      <ClientForm client={state.client} clientForm={form} benefitType={benefitType} editMode={state.editMode} showData={state.showData} />
    </>
  );
}

/** A store holding `client`, and the parts of the screen it shows. */
function Screen({ client, creditTypes, expose }: { client: Client; creditTypes: number[]; expose: (store: AttendanceStore) => void }) {
  const attendance = useAttendanceStore();
  const state = useAttendance();
  useEffect(() => {
    expose(attendance);
    attendance.dispatch({ type: 'clientLoaded', client });
  }, [attendance, client, expose]);
  const { client: shown } = state;
  return shown ? <ClientParts key={shown.ClienteID} state={{ ...state, client: shown }} creditTypes={creditTypes} /> : null;
}

/** Renders the form for the first of `creditTypes`; by default shown and in edit mode, as an attendant edits it. */
async function renderForm({ client = aClient(), creditTypes = [INSS], show = true, edit = true } = {}) {
  renderScreen(
    <AttendanceProvider>
      <Screen
        client={client}
        creditTypes={creditTypes}
        expose={(mounted) => {
          store = mounted;
        }}
      />
    </AttendanceProvider>,
  );
  await screen.findByRole('heading', { name: 'Cadastro' });
  if (show) fireEvent.click(screen.getByRole('button', { name: 'Mostrar dados' }));
  if (edit) fireEvent.click(screen.getByRole('button', { name: 'Editar cadastro' }));
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
/** Disabled as a user meets it: by its own attribute or by the disabled fieldset around it. */
const isDisabled = (label: string) => screen.getByLabelText(label).matches(':disabled');
const errorUnder = (label: string) => {
  const describedBy = input(label).getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
};

describe('fields per credit type (product-spec §5)', () => {
  const common = [
    'Nome',
    'CPF',
    'Data de nascimento',
    'Telefone',
    'E-mail',
    'CEP',
    'Endereço',
    'Número',
    'Bairro',
    'Cidade',
    'UF',
    'Banco',
    'Agência',
    'Conta',
  ];
  const privateCredit = [
    'Salário bruto',
    'Salário líquido',
    'Data de expedição',
    'Data de admissão',
    'CNPJ',
    'Órgão emissor',
    'UF de emissão',
    'Naturalidade',
    'Nome da referência',
    'Telefone da referência',
    'Tipo de benefício',
    'Matrícula',
  ];

  it.each([
    ['INSS', INSS, ['Meio de pagamento', 'Tipo de conta', 'NB'], ['Nome da mãe', 'Sexo', ...privateCredit]],
    ['FGTS', FGTS, ['Nome da mãe', 'Sexo', 'Tipo de conta'], ['Meio de pagamento', 'NB', ...privateCredit]],
    ['Crédito Privado', CCP, ['Nome da mãe', 'Sexo', 'Tipo de conta', ...privateCredit], ['Meio de pagamento', 'NB']],
    ['SIAPE', SIAPE, [], ['Nome da mãe', 'Sexo', 'Meio de pagamento', 'Tipo de conta', 'NB', ...privateCredit]],
  ])('%s shows the common fields and its own', async (_name, creditType, shown, absent) => {
    await renderForm({ creditTypes: [creditType] });
    for (const label of [...common, ...shown]) expect(screen.getByLabelText(label)).toBeTruthy();
    for (const label of absent) expect(screen.queryByLabelText(label)).toBeNull();
  });
});

it('is hidden until the show-data toggle is on', async () => {
  await renderForm({ show: false, edit: false });
  expect(screen.queryByRole('form', { name: 'Dados do cliente' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Mostrar dados' }));
  expect(screen.getByRole('form', { name: 'Dados do cliente' })).toBeTruthy();
});

it('disables the fields unless the pencil turns edit mode on', async () => {
  await renderForm({ creditTypes: [CCP], edit: false });
  expect(isDisabled('Nome')).toBe(true);
  expect(isDisabled('CNPJ')).toBe(true);
  expect(isDisabled('Banco')).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Editar cadastro' }));
  expect(isDisabled('Nome')).toBe(false);
  expect(isDisabled('CNPJ')).toBe(false);
  expect(isDisabled('Banco')).toBe(false);
});

it('keeps NB, Bloqueio, DIB, DDB, Espécie and representante legal read-only in edit mode (INSS)', async () => {
  const client = aClient({
    CO_Matricula: '1234567890',
    SN_Bloqueio: 1,
    DT_DIB: '01/02/2010',
    DT_DDB: '05/02/2010',
    ID_Especie: 41,
    SN_RepresentanteLegal: 0,
  });
  await renderForm({ client, creditTypes: [INSS] });
  const expected: Record<string, string> = {
    NB: '1234567890',
    Bloqueio: 'Sim',
    DIB: '01/02/2010',
    DDB: '05/02/2010',
    Espécie: '41 - Aposentadoria por idade',
    'Representante legal': 'Não',
  };
  await waitFor(() => expect(input('Espécie').value).toBe(expected['Espécie']));
  for (const [label, value] of Object.entries(expected)) {
    expect(input(label).readOnly).toBe(true);
    expect(input(label).value).toBe(value);
  }
});

describe('masks (product-spec §5)', () => {
  it('formats dates, CPF, CEP, the UF, money and a CNPJ with letters', async () => {
    await renderForm({ creditTypes: [CCP] });
    type('Data de nascimento', '12031958');
    type('CPF', '11144477735');
    type('CEP', '01001000');
    type('UF', 'sp1');
    type('Salário bruto', 'R$ 2850,5');
    type('CNPJ', '12abc34501de35');
    expect(input('Data de nascimento').value).toBe('12-03-1958');
    expect(input('CPF').value).toBe('111.444.777-35');
    expect(input('CEP').value).toBe('01001-000');
    expect(input('UF').value).toBe('SP');
    expect(input('Salário bruto').value).toBe('2850.5');
    expect(input('CNPJ').value).toBe('12.ABC.345/01DE-35');
  });
});

describe('messages under the fields', () => {
  it('shows a wrong CEP once the field is left', async () => {
    await renderForm();
    type('CEP', '0100');
    fireEvent.blur(input('CEP'));
    await waitFor(() => expect(errorUnder('CEP')).toBe('CEP inválido ou mal formatado.'));
    expect(input('CEP').getAttribute('aria-invalid')).toBe('true');
  });

  it('full mode requires the e-mail and the address; the first wrong field takes the focus', async () => {
    await renderForm({ client: aClient({ DE_Telefone: '11987654321' }), show: false, edit: false });
    let result: unknown = 'pending';
    await act(async () => {
      result = await clientForm.validate('full');
    });
    expect(result).toBeNull();
    // The form is revealed and enabled so the attendant can fix it.
    expect(screen.getByRole('form', { name: 'Dados do cliente' })).toBeTruthy();
    expect(isDisabled('E-mail')).toBe(false);
    expect(errorUnder('E-mail')).toBe('Este campo é obrigatório.');
    expect(errorUnder('CEP')).toBe('Este campo é obrigatório.');
    expect(errorUnder('Endereço')).toBe('Este campo é obrigatório.');
    expect(errorUnder('Nome')).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(input('E-mail')));
  });

  it('simulator mode leaves address, e-mail and sex optional, but checks what is given', async () => {
    await renderForm({ client: aClient({ DE_Telefone: '11987654321', DE_Sexo: '' }), creditTypes: [FGTS] });
    await act(async () => {
      await clientForm.validate('simulator');
    });
    expect(errorUnder('Sexo')).toBeUndefined();
    expect(errorUnder('E-mail')).toBeUndefined();
    expect(errorUnder('CEP')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Sexo'), { target: { value: 'F' } });
    type('E-mail', 'maria@');
    let result: unknown = null;
    await act(async () => {
      result = await clientForm.validate('simulator');
    });
    expect(result).toBeNull();
    expect(errorUnder('E-mail')).toBe('Email inválido.');

    type('E-mail', 'maria@exemplo.com.br');
    await act(async () => {
      result = await clientForm.validate('simulator');
    });
    expect(result).toMatchObject({ ClienteID: 7, DE_Sexo: 'F', EM_Email: 'maria@exemplo.com.br', DE_Telefone: '11987654321' });
  });
});

describe('CEP look-up (product-spec §5)', () => {
  it('fills street, district, city and state on leaving a CEP of 8 digits', async () => {
    cepLookup.mockResolvedValue({ logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' });
    await renderForm();
    type('CEP', '01001000');
    fireEvent.blur(input('CEP'));
    await waitFor(() => expect(input('Endereço').value).toBe('Praça da Sé'));
    expect(cepLookup).toHaveBeenCalledWith('01001-000');
    expect(input('Bairro').value).toBe('Sé');
    expect(input('Cidade').value).toBe('São Paulo');
    expect(input('UF').value).toBe('SP');
    expect(store.getState().client).toMatchObject({ CO_Cep: '01001-000', DE_Endereco: 'Praça da Sé', SG_Estado: 'SP' });
  });

  it('keeps the fields as they were when the look-up finds nothing, and says to fill them', async () => {
    const error = jest.spyOn(toast, 'error');
    cepLookup.mockResolvedValue(null);
    await renderForm({ client: aClient({ DE_Endereco: 'Rua Antiga', DE_Bairro: 'Centro', DE_Cidade: 'Campinas', SG_Estado: 'SP' }) });
    type('CEP', '99999999');
    fireEvent.blur(input('CEP'));
    await waitFor(() => expect(cepLookup).toHaveBeenCalledWith('99999-999'));
    await act(async () => {});
    expect(input('Endereço').value).toBe('Rua Antiga');
    expect(input('Bairro').value).toBe('Centro');
    expect(input('Cidade').value).toBe('Campinas');
    expect(input('UF').value).toBe('SP');
    expect(error).toHaveBeenCalledWith('Não foi possível consultar o CEP. Preencha o endereço.', { duration: 5000 });
    error.mockRestore();
  });

  it('does not look up a CEP of fewer than 8 digits', async () => {
    await renderForm();
    type('CEP', '0100100');
    fireEvent.blur(input('CEP'));
    await act(async () => {});
    expect(cepLookup).not.toHaveBeenCalled();
  });
});

it('keeps the edited values in the attendance store, across credit-type tabs', async () => {
  await renderForm({ creditTypes: [INSS, FGTS] });
  type('Nome', 'Maria Souza Lima');
  type('Agência', '1234');
  fireEvent.change(screen.getByLabelText('Banco'), { target: { value: '341' } });
  expect(store.getState().client).toMatchObject({ DE_Pessoa: 'Maria Souza Lima', CO_Agencia: '1234', CO_Banco: 341 });

  act(() => store.dispatch({ type: 'operationSelected', operationId: 70 + FGTS }));
  type('Nome da mãe', 'Ana Souza');
  act(() => store.dispatch({ type: 'operationSelected', operationId: 70 + INSS }));
  expect(input('Nome').value).toBe('Maria Souza Lima');
  expect(within(screen.getByRole('form', { name: 'Dados do cliente' })).getByLabelText('Agência')).toHaveProperty('value', '1234');
  expect(store.getState().client).toMatchObject({ DE_Pessoa: 'Maria Souza Lima', DE_Mae: 'Ana Souza', CO_Banco: 341 });
});
