/**
 * Demo data created on first start (docs/rules.md "Demo data"). Plain data, so tests can derive
 * what the API must answer from it. Rows point at each other by e-mail, CPF base and name.
 */

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  role: 11 | 12 | 13;
  company: 1 | 2;
  telephony: 0 | 1;
  extension: string | null;
}

export const DEMO_COMPANIES = [
  { id: 1, name: 'Demo Promotora de Crédito' },
  { id: 2, name: 'Outra Promotora' },
] as const;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'atendente@demo.com.br',
    password: 'Atendente@123',
    name: 'Ana Paula Souza',
    role: 11,
    company: 1,
    telephony: 1,
    extension: '1001',
  },
  {
    email: 'atendente2@demo.com.br',
    password: 'Atendente@123',
    name: 'Bruno Henrique Lima',
    role: 11,
    company: 1,
    telephony: 1,
    extension: '1002',
  },
  {
    email: 'atendente3@demo.com.br',
    password: 'Atendente@123',
    name: 'Camila Torres',
    role: 11,
    company: 1,
    telephony: 0,
    extension: null,
  },
  {
    email: 'supervisor@demo.com.br',
    password: 'Supervisor@123',
    name: 'Carla Mendes',
    role: 12,
    company: 1,
    telephony: 0,
    extension: null,
  },
  { email: 'gerente@demo.com.br', password: 'Gerente@123', name: 'Daniel Rocha', role: 13, company: 1, telephony: 0, extension: null },
  {
    email: 'atendente@outra.com.br',
    password: 'Atendente@123',
    name: 'Eduarda Alves',
    role: 11,
    company: 2,
    telephony: 0,
    extension: null,
  },
];

/** Looks a demo user up by e-mail (tests use it too). */
export function demoUser(email: string): DemoUser {
  const user = DEMO_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  return user;
}

export const DEMO_REFERRERS = [
  { company: 1, name: 'Marcos Indicações' },
  { company: 1, name: 'Patrícia Correspondente' },
  { company: 1, name: 'Loja Centro' },
  { company: 2, name: 'Parceiro Sul' },
] as const;

export interface DemoClient {
  company: 1 | 2;
  /** First 9 digits; the seed appends the check digits. */
  cpfBase: string;
  name: string;
  birth: string; // yyyy-mm-dd
  sex: 'F' | 'M';
  mother: string;
  agency: 1 | 4; // ID_Orgao: 1 FGTS, 4 INSS
  referrer: string | null;
  phones: string[]; // DDD + number
  /** Monthly income that operations are computed from, in reais. */
  income: number;
  /** Also an FGTS card (INSS clients): the 'Verificar' balance check shows for ID_Orgao 4 (product-spec §6). */
  fgts?: true;
}

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    company: 1,
    cpfBase: '111444777',
    name: 'José Carlos Pereira',
    birth: '1954-03-12',
    sex: 'M',
    mother: 'Maria Pereira',
    agency: 4,
    referrer: 'Marcos Indicações',
    phones: ['11987654321', '1132654321'],
    income: 3200,
  },
  {
    company: 1,
    cpfBase: '529982247',
    name: 'Maria Aparecida Santos',
    birth: '1958-07-25',
    sex: 'F',
    mother: 'Ana Santos',
    agency: 4,
    referrer: null,
    phones: ['21998765432'],
    income: 2800,
    fgts: true,
  },
  {
    company: 1,
    cpfBase: '145382206',
    name: 'Antônio Ferreira Lima',
    birth: '1949-11-02',
    sex: 'M',
    mother: 'Joana Ferreira',
    agency: 4,
    referrer: 'Patrícia Correspondente',
    phones: ['31991234567'],
    income: 4100,
  },
  {
    company: 1,
    cpfBase: '284917356',
    name: 'Francisca Oliveira Costa',
    birth: '1961-01-19',
    sex: 'F',
    mother: 'Rita Oliveira',
    agency: 4,
    referrer: null,
    phones: ['41992345678'],
    income: 1950,
  },
  {
    company: 1,
    cpfBase: '397205148',
    name: 'Luiz Gonzaga Ribeiro',
    birth: '1952-05-30',
    sex: 'M',
    mother: 'Teresa Ribeiro',
    agency: 4,
    referrer: 'Loja Centro',
    phones: ['51993456789'],
    income: 5300,
  },
  {
    company: 1,
    cpfBase: '408316259',
    name: 'Ana Lúcia Martins',
    birth: '1988-09-14',
    sex: 'F',
    mother: 'Cláudia Martins',
    agency: 1,
    referrer: null,
    phones: ['61994567890'],
    income: 2600,
  },
  {
    company: 1,
    cpfBase: '519427360',
    name: 'Paulo Roberto Alves',
    birth: '1990-12-08',
    sex: 'M',
    mother: 'Sônia Alves',
    agency: 1,
    referrer: 'Marcos Indicações',
    phones: ['71995678901'],
    income: 3900,
  },
  {
    company: 1,
    cpfBase: '620538471',
    name: 'Sebastiana Rodrigues',
    birth: '1947-04-21',
    sex: 'F',
    mother: 'Benedita Rodrigues',
    agency: 4,
    referrer: null,
    phones: ['81996789012'],
    income: 1518,
  },
  {
    company: 1,
    cpfBase: '731649582',
    name: 'Raimundo Nonato Silva',
    birth: '1955-08-03',
    sex: 'M',
    mother: 'Luzia Silva',
    agency: 4,
    referrer: 'Patrícia Correspondente',
    phones: ['85997890123'],
    income: 2300,
  },
  {
    company: 1,
    cpfBase: '842750693',
    name: 'Terezinha de Jesus Souza',
    birth: '1950-02-17',
    sex: 'F',
    mother: 'Madalena Souza',
    agency: 4,
    referrer: null,
    phones: ['91998901234'],
    income: 3050,
  },
  {
    company: 1,
    cpfBase: '953861704',
    name: 'Carlos Eduardo Nunes',
    birth: '1985-06-11',
    sex: 'M',
    mother: 'Regina Nunes',
    agency: 1,
    referrer: 'Loja Centro',
    phones: ['11976543210'],
    income: 4700,
  },
  {
    company: 1,
    cpfBase: '164972815',
    name: 'Luciana Barbosa Reis',
    birth: '1992-10-27',
    sex: 'F',
    mother: 'Fátima Barbosa',
    agency: 1,
    referrer: null,
    phones: ['21965432109'],
    income: 3400,
  },
  {
    company: 1,
    cpfBase: '275083926',
    name: 'Geraldo Magela Teixeira',
    birth: '1953-03-05',
    sex: 'M',
    mother: 'Aparecida Teixeira',
    agency: 4,
    referrer: 'Marcos Indicações',
    phones: ['31954321098'],
    income: 2750,
  },
  {
    company: 1,
    cpfBase: '386194037',
    name: 'Izabel Cristina Moraes',
    birth: '1959-12-24',
    sex: 'F',
    mother: 'Iracema Moraes',
    agency: 4,
    referrer: null,
    phones: ['41943210987'],
    income: 3600,
  },
  {
    company: 1,
    cpfBase: '497205148',
    name: 'Manoel Messias Cardoso',
    birth: '1948-07-16',
    sex: 'M',
    mother: 'Josefa Cardoso',
    agency: 4,
    referrer: null,
    phones: ['51932109876'],
    income: 1900,
  },
  {
    company: 1,
    cpfBase: '508316259',
    name: 'Fernanda Gomes Pinto',
    birth: '1995-01-09',
    sex: 'F',
    mother: 'Márcia Gomes',
    agency: 1,
    referrer: 'Patrícia Correspondente',
    phones: ['61921098765'],
    income: 2950,
  },
  {
    company: 1,
    cpfBase: '619427360',
    name: 'Benedito Ramos Araújo',
    birth: '1951-09-29',
    sex: 'M',
    mother: 'Conceição Ramos',
    agency: 4,
    referrer: null,
    phones: ['71910987654'],
    income: 4400,
  },
  {
    company: 1,
    cpfBase: '720538471',
    name: 'Rosângela Dias Freitas',
    birth: '1963-05-13',
    sex: 'F',
    mother: 'Vera Dias',
    agency: 4,
    referrer: 'Loja Centro',
    phones: ['81909876543'],
    income: 2200,
  },
  {
    company: 1,
    cpfBase: '831649582',
    name: 'Edson Arantes Melo',
    birth: '1987-11-30',
    sex: 'M',
    mother: 'Celeste Arantes',
    agency: 1,
    referrer: null,
    phones: ['85988765432'],
    income: 5100,
  },
  {
    company: 1,
    cpfBase: '942750693',
    name: 'Marlene Batista Correia',
    birth: '1956-08-08',
    sex: 'F',
    mother: 'Irene Batista',
    agency: 4,
    referrer: null,
    phones: ['91977654321'],
    income: 2650,
  },
  {
    company: 2,
    cpfBase: '123456789',
    name: 'Osvaldo Pires Campos',
    birth: '1957-02-14',
    sex: 'M',
    mother: 'Helena Pires',
    agency: 4,
    referrer: 'Parceiro Sul',
    phones: ['48991112233'],
    income: 3300,
  },
];

/** Lead status codes of table status_lead. */
const LEAD_STATUS = { NOVO: 1, EM_ATENDIMENTO: 2, RETORNAR: 3, PROPOSTA: 4 } as const;

export interface DemoLead {
  cpfBase: string;
  attendant: string; // e-mail
  creditType: number;
  status: number;
  daysAgo: number;
}

export const DEMO_LEADS: readonly DemoLead[] = [
  { cpfBase: '111444777', attendant: 'atendente@demo.com.br', creditType: 1, status: LEAD_STATUS.NOVO, daysAgo: 0 },
  { cpfBase: '529982247', attendant: 'atendente@demo.com.br', creditType: 1, status: LEAD_STATUS.EM_ATENDIMENTO, daysAgo: 1 },
  { cpfBase: '145382206', attendant: 'atendente@demo.com.br', creditType: 2, status: LEAD_STATUS.RETORNAR, daysAgo: 2 },
  { cpfBase: '284917356', attendant: 'atendente@demo.com.br', creditType: 1, status: LEAD_STATUS.NOVO, daysAgo: 3 },
  { cpfBase: '408316259', attendant: 'atendente@demo.com.br', creditType: 4, status: LEAD_STATUS.PROPOSTA, daysAgo: 5 },
  { cpfBase: '519427360', attendant: 'atendente@demo.com.br', creditType: 4, status: LEAD_STATUS.NOVO, daysAgo: 6 },
  { cpfBase: '397205148', attendant: 'atendente2@demo.com.br', creditType: 1, status: LEAD_STATUS.NOVO, daysAgo: 1 },
  { cpfBase: '620538471', attendant: 'atendente2@demo.com.br', creditType: 1, status: LEAD_STATUS.EM_ATENDIMENTO, daysAgo: 4 },
  { cpfBase: '123456789', attendant: 'atendente@outra.com.br', creditType: 1, status: LEAD_STATUS.NOVO, daysAgo: 0 },
];

export interface DemoCampaign {
  company: 1 | 2;
  code: string;
  name: string;
  agency: 1 | 4;
  status: 26 | 35 | 72 | 58;
  importStatus: 0 | 63 | 99 | null;
  sanitized: number;
  imported: number;
  /** Days ago the batch was requested and loaded; null when it was not. */
  requestedDaysAgo: number | null;
  loadedDaysAgo: number | null;
  createdDaysAgo: number;
  attendants: { email: string; selected: 0 | 1 }[];
}

export const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  // The running campaign's queue holds the 20 company-1 demo clients and DEMO_QUEUE.prospects more (65).
  {
    company: 1,
    code: 'CMP-0001',
    name: 'INSS Aposentados SP',
    agency: 4,
    status: 35,
    importStatus: 63,
    sanitized: 3,
    imported: 65,
    requestedDaysAgo: 20,
    loadedDaysAgo: 19,
    createdDaysAgo: 21,
    attendants: [
      { email: 'atendente@demo.com.br', selected: 1 },
      { email: 'atendente2@demo.com.br', selected: 1 },
      { email: 'atendente3@demo.com.br', selected: 1 },
    ],
  },
  {
    company: 1,
    code: 'CMP-0002',
    name: 'FGTS Saque-Aniversário',
    agency: 1,
    status: 26,
    importStatus: null,
    sanitized: 0,
    imported: 0,
    requestedDaysAgo: null,
    loadedDaysAgo: null,
    createdDaysAgo: 1,
    attendants: [],
  },
  {
    company: 1,
    code: 'CMP-0003',
    name: 'INSS Margem Livre RJ',
    agency: 4,
    status: 72,
    importStatus: 0,
    sanitized: 0,
    imported: 0,
    requestedDaysAgo: 0,
    loadedDaysAgo: null,
    createdDaysAgo: 3,
    attendants: [{ email: 'atendente2@demo.com.br', selected: 1 }],
  },
  {
    company: 1,
    code: 'CMP-0004',
    name: 'FGTS Reativação',
    agency: 1,
    status: 58,
    importStatus: 99,
    sanitized: 12,
    imported: 0,
    requestedDaysAgo: 9,
    loadedDaysAgo: null,
    createdDaysAgo: 10,
    attendants: [{ email: 'atendente@demo.com.br', selected: 0 }],
  },
  {
    company: 2,
    code: 'CMP-0001',
    name: 'Consignado INSS Sul',
    agency: 4,
    status: 35,
    importStatus: 63,
    sanitized: 5,
    imported: 310,
    requestedDaysAgo: 7,
    loadedDaysAgo: 7,
    createdDaysAgo: 8,
    attendants: [{ email: 'atendente@outra.com.br', selected: 1 }],
  },
];

/**
 * The companies' numbers at the carrier (table numero_empresa, migration 015): the main one is the caller number
 * of their outbound calls, a campaign may show its own, and calls to any of them from the phone network
 * (sn_entrada 1) reach the company's attendants (docs/rules.md "Calls").
 */
export const DEMO_NUMBERS: readonly { company: 1 | 2; number: string; label: string; main: 0 | 1; inbound: 0 | 1; campaigns: string[] }[] =
  [
    { company: 1, number: '1130030303', label: 'Central SP', main: 1, inbound: 1, campaigns: [] },
    { company: 1, number: '1140044004', label: 'Campanhas INSS', main: 0, inbound: 1, campaigns: ['CMP-0001'] },
    { company: 2, number: '2130002000', label: 'Central RJ', main: 1, inbound: 1, campaigns: [] },
  ];

/**
 * The queues of the running campaigns (table fila, migration 010): company 1's holds its 20 demo clients plus `prospects`
 * clients made from the END of the prospect base (tests that look CPFs up in the prospect base take
 * theirs from the start). Some INSS clients were granted their benefit recently, inside the 180-day
 * marketing ban, and one client's only phone is on the suppression list, so the rules show in the counts.
 * Company 1 calls at any hour (so the product can be tried at night); company 2 keeps the default window.
 */
export const DEMO_QUEUE = {
  campaignCode: 'CMP-0001',
  prospects: 45,
  /** Days before the seed that these prospect clients' benefits were granted (DDB): inside the ban. */
  recentGrantDaysAgo: [30, 90, 150],
  alwaysOpenCompanies: [1],
} as const;

export interface DemoProposal {
  cpfBase: string;
  attendant: string; // e-mail
  creditType: number;
  bank: number; // COMPE code
  status: number;
  daysAgo: number;
  table: string;
  term: number;
  installment: number; // reais
  api?: 1;
}

/** Company 1 leaves status 91 unused on purpose: the status counts must list it with zero. */
export const DEMO_PROPOSALS: readonly DemoProposal[] = [
  {
    cpfBase: '111444777',
    attendant: 'atendente@demo.com.br',
    creditType: 1,
    bank: 318,
    status: 10,
    daysAgo: 0,
    table: 'INSS Normal 1,80%',
    term: 84,
    installment: 420.5,
  },
  {
    cpfBase: '529982247',
    attendant: 'atendente@demo.com.br',
    creditType: 1,
    bank: 623,
    status: 20,
    daysAgo: 0,
    table: 'INSS Flex 1,72%',
    term: 84,
    installment: 310,
  },
  {
    cpfBase: '145382206',
    attendant: 'atendente@demo.com.br',
    creditType: 2,
    bank: 41,
    status: 30,
    daysAgo: 2,
    table: 'ML Banrisul 1,85%',
    term: 72,
    installment: 530.2,
  },
  {
    cpfBase: '284917356',
    attendant: 'atendente@demo.com.br',
    creditType: 1,
    bank: 707,
    status: 40,
    daysAgo: 4,
    table: 'INSS Daycoval 1,79%',
    term: 84,
    installment: 205.75,
  },
  {
    cpfBase: '408316259',
    attendant: 'atendente@demo.com.br',
    creditType: 4,
    bank: 336,
    status: 50,
    daysAgo: 6,
    table: 'FGTS Antecipação',
    term: 5,
    installment: 0,
    api: 1,
  },
  {
    cpfBase: '519427360',
    attendant: 'atendente@demo.com.br',
    creditType: 4,
    bank: 336,
    status: 60,
    daysAgo: 9,
    table: 'FGTS Antecipação',
    term: 7,
    installment: 0,
  },
  {
    cpfBase: '731649582',
    attendant: 'atendente@demo.com.br',
    creditType: 1,
    bank: 29,
    status: 90,
    daysAgo: 15,
    table: 'INSS Itaú 1,76%',
    term: 84,
    installment: 280,
  },
  {
    cpfBase: '842750693',
    attendant: 'atendente@demo.com.br',
    creditType: 1,
    bank: 318,
    status: 60,
    daysAgo: 25,
    table: 'INSS Normal 1,80%',
    term: 96,
    installment: 350.9,
  },
  {
    cpfBase: '397205148',
    attendant: 'atendente2@demo.com.br',
    creditType: 1,
    bank: 422,
    status: 10,
    daysAgo: 0,
    table: 'INSS Safra 1,70%',
    term: 84,
    installment: 610,
  },
  {
    cpfBase: '620538471',
    attendant: 'atendente2@demo.com.br',
    creditType: 1,
    bank: 623,
    status: 30,
    daysAgo: 1,
    table: 'INSS Flex 1,72%',
    term: 84,
    installment: 180.4,
  },
  {
    cpfBase: '953861704',
    attendant: 'atendente2@demo.com.br',
    creditType: 5,
    bank: 341,
    status: 40,
    daysAgo: 3,
    table: 'CCP Itaú 3,49%',
    term: 36,
    installment: 890,
    api: 1,
  },
  {
    cpfBase: '164972815',
    attendant: 'atendente2@demo.com.br',
    creditType: 5,
    bank: 237,
    status: 50,
    daysAgo: 8,
    table: 'CCP Bradesco 3,29%',
    term: 24,
    installment: 450,
  },
  {
    cpfBase: '275083926',
    attendant: 'atendente2@demo.com.br',
    creditType: 1,
    bank: 1,
    status: 60,
    daysAgo: 12,
    table: 'INSS BB 1,75%',
    term: 84,
    installment: 330.15,
  },
  {
    cpfBase: '386194037',
    attendant: 'atendente2@demo.com.br',
    creditType: 2,
    bank: 318,
    status: 90,
    daysAgo: 18,
    table: 'ML BMG 1,89%',
    term: 60,
    installment: 260,
  },
  {
    cpfBase: '619427360',
    attendant: 'atendente2@demo.com.br',
    creditType: 1,
    bank: 104,
    status: 20,
    daysAgo: 30,
    table: 'INSS Caixa 1,66%',
    term: 84,
    installment: 700,
  },
  {
    cpfBase: '123456789',
    attendant: 'atendente@outra.com.br',
    creditType: 1,
    bank: 318,
    status: 10,
    daysAgo: 0,
    table: 'INSS Normal 1,80%',
    term: 84,
    installment: 300,
  },
  {
    cpfBase: '123456789',
    attendant: 'atendente@outra.com.br',
    creditType: 2,
    bank: 41,
    status: 91,
    daysAgo: 5,
    table: 'ML Banrisul 1,85%',
    term: 72,
    installment: 150,
  },
];

/** The registration fields of a demo client (migration 006), derived from the client so tests can too. */
export interface DemoRegistration {
  identity: string;
  issuer: string;
  issuerState: string;
  cep: string;
  street: string;
  number: string;
  district: string;
  city: string;
  state: string;
  paymentMethod: 1 | 2; // 1 conta corrente, 2 cartão magnético
  species: number | null;
  benefitNumber: string | null;
  dib: string | null; // yyyy-mm-dd
  ddb: string | null;
  bank: number;
  branch: string;
  account: string;
  accountDigit: string;
  accountType: 1 | 2;
  grossSalary: string; // reais, numeric(14,2) text
}

/** A real street and CEP in the city of each DDD the demo clients' phones use. */
const ADDRESS_BY_DDD: Record<string, { cep: string; street: string; district: string; city: string; state: string }> = {
  '11': { cep: '01310100', street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  '21': { cep: '22070011', street: 'Avenida Nossa Senhora de Copacabana', district: 'Copacabana', city: 'Rio de Janeiro', state: 'RJ' },
  '31': { cep: '30130010', street: 'Avenida Afonso Pena', district: 'Centro', city: 'Belo Horizonte', state: 'MG' },
  '41': { cep: '80020310', street: 'Rua XV de Novembro', district: 'Centro', city: 'Curitiba', state: 'PR' },
  '48': { cep: '88010400', street: 'Rua Felipe Schmidt', district: 'Centro', city: 'Florianópolis', state: 'SC' },
  '51': { cep: '90010150', street: 'Rua dos Andradas', district: 'Centro Histórico', city: 'Porto Alegre', state: 'RS' },
  '61': { cep: '70040010', street: 'Setor Bancário Sul Quadra 1', district: 'Asa Sul', city: 'Brasília', state: 'DF' },
  '71': { cep: '40020000', street: 'Avenida Sete de Setembro', district: 'Centro', city: 'Salvador', state: 'BA' },
  '81': { cep: '50010000', street: 'Avenida Guararapes', district: 'Santo Antônio', city: 'Recife', state: 'PE' },
  '85': { cep: '60060170', street: 'Avenida Santos Dumont', district: 'Centro', city: 'Fortaleza', state: 'CE' },
  '91': { cep: '66017010', street: 'Avenida Presidente Vargas', district: 'Campina', city: 'Belém', state: 'PA' },
};

const BANKS = [1, 104, 237, 341, 33] as const;

export function demoRegistration(client: DemoClient): DemoRegistration {
  const address = ADDRESS_BY_DDD[client.phones[0].slice(0, 2)];
  const seed = Number(client.cpfBase);
  const inss = client.agency === 4;
  // INSS: retired at 62 on the birthday, granted 30 days later.
  const dib = inss ? `${Number(client.birth.slice(0, 4)) + 62}${client.birth.slice(4)}` : null;
  const ddb = dib ? new Date(Date.parse(`${dib}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10) : null;
  return {
    identity: client.cpfBase.slice(0, 8),
    issuer: 'SSP',
    issuerState: address.state,
    ...address,
    number: String(100 + (seed % 1900)),
    paymentMethod: 1,
    species: inss ? (client.sex === 'F' ? 21 : 41) : null,
    benefitNumber: inss ? `1${client.cpfBase}` : null,
    dib,
    ddb,
    bank: BANKS[seed % BANKS.length],
    branch: String(1000 + (seed % 8999)),
    account: String(10000 + (seed % 89999)),
    accountDigit: String(seed % 10),
    accountType: 1,
    grossSalary: `${client.income}.00`,
  };
}

/**
 * The account a demo client's operations pay into (operacao's bank fields, migration 009): the digits of the
 * client's own account, on the operation's bank. For the seed's `insert into operacao` (co_agencia,
 * co_conta_corrente, co_conta_corrente_dv, id_tipo_conta), so a demo card can be selected and registered as it comes.
 */
export function demoOperationAccount(client: DemoClient): { branch: string; account: string; accountDigit: string; accountType: 1 | 2 } {
  const { branch, account, accountDigit, accountType } = demoRegistration(client);
  return { branch, account, accountDigit, accountType };
}
