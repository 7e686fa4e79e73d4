/**
 * Every category of what a company holds on one client (docs/rules.md "Data-subject requests (LGPD)"), each as the
 * SQL of its rows for the export. The summary counts these same rows, so the counts and the file never disagree.
 *
 * Rows are the tables' own rows (`to_jsonb`), not a hand-picked list of fields: a column added to one of these tables
 * later is exported without anyone remembering to add it here. Files are named, never embedded (bytea columns are
 * dropped): the documents' and attachments' bytes and the recordings' audio are downloaded where they always were.
 * Money (`vl_` columns) travels as decimal text, as everywhere in the API, never as a JSON number.
 *
 * Every statement takes $1 the company, $2 the client and $3 the CPF, and is bound to the company: a client id of
 * another company finds nothing.
 */

/** One row of `alias` as JSON, without `drop` columns, `vl_` amounts as decimal text; `extra` adds keys (SQL jsonb). */
const rowJson = (alias: string, drop: string[] = [], extra = `'{}'::jsonb`) =>
  `((select jsonb_object_agg(e.key, case when e.key like 'vl\\_%' and jsonb_typeof(e.value) = 'number' then to_jsonb(e.value #>> '{}') else e.value end)
       from jsonb_each(to_jsonb(${alias})${drop.map((column) => ` - '${column}'`).join('')}) e) || ${extra})`;

/** The rows' JSON in one array, `[]` when none. */
const rows = (alias: string, from: string, order: string, drop: string[] = [], extra?: string) =>
  `select coalesce(jsonb_agg(${rowJson(alias, drop, extra)} order by ${order}), '[]'::jsonb) as rows from ${from}`;

const OF_CLIENT = (alias: string) => `${alias}.id_empresa = $1 and ${alias}.id_cliente = $2`;

/** The CPF (`cpf`, an SQL parameter) as an import line `r` may have carried it: digits, or with its punctuation. */
export const cpfInLine = (cpf: string) => `(strpos(r.tx_linha, ${cpf}) > 0
  or strpos(r.tx_linha, substr(${cpf}, 1, 3) || '.' || substr(${cpf}, 4, 3) || '.' || substr(${cpf}, 7, 3) || '-' || substr(${cpf}, 10, 2)) > 0)`;

/** An audit row about the client: its CPF anywhere in it, or its id, one of its proposals or one of its calls. */
const ABOUT_CLIENT = `a.id_empresa = $1 and (
     strpos(a.js_detalhe::text || coalesce(a.js_antes::text, '') || coalesce(a.js_depois::text, ''), $3) > 0
  or a.js_detalhe ->> 'ID_Cliente' = $2::int::text or a.js_detalhe ->> 'ClienteID' = $2::int::text
  or a.js_detalhe ->> 'ID_Proposta' in (select p.id_proposta::text from proposta p where ${OF_CLIENT('p')})
  or a.js_detalhe ->> 'ID_Ligacao' in (select l.id_ligacao::text from ligacao l where ${OF_CLIENT('l')}))`;

export interface Category {
  /** The export's key. */
  key: string;
  label: string;
  /** One row, one column `rows`: a JSON array. */
  sql: string;
}

export const CATEGORIES: readonly Category[] = [
  { key: 'cliente', label: 'Cadastro do cliente', sql: rows('c', `cliente c where ${OF_CLIENT('c')}`, 'c.id_cliente') },
  { key: 'telefones', label: 'Telefones', sql: rows('t', `telefone t where ${OF_CLIENT('t')}`, 't.id_telefone') },
  {
    key: 'naoPerturbe',
    label: 'Telefones no Não Me Perturbe',
    sql: rows(
      'n',
      `nao_perturbe n where n.id_empresa = $1
         and n.co_telefone in (select t.co_ddd || t.co_telefone from telefone t where ${OF_CLIENT('t')})`,
      'n.co_telefone',
    ),
  },
  { key: 'operacoes', label: 'Operações (ofertas de crédito)', sql: rows('o', `operacao o where ${OF_CLIENT('o')}`, 'o.id_operacao') },
  {
    key: 'simulacoes',
    label: 'Simulações enviadas',
    sql: rows(
      's',
      `simulacao s where ${OF_CLIENT('s')}`,
      's.id_simulacao',
      [],
      `jsonb_build_object('operacoes', (${rows('so', 'simulacao_operacao so where so.id_empresa = s.id_empresa and so.id_simulacao = s.id_simulacao', 'so.id_simulacao_operacao')}))`,
    ),
  },
  {
    key: 'propostas',
    label: 'Propostas',
    sql: rows(
      'p',
      `proposta p where ${OF_CLIENT('p')}`,
      'p.id_proposta',
      [],
      `jsonb_build_object(
         'de_status', (select s.de_status from status_proposta s where s.id_status = p.id_status),
         'de_banco', (select b.de_banco from banco b where b.id_banco = p.id_banco),
         'historico', (${rows('h', 'proposta_historico h where h.id_empresa = p.id_empresa and h.id_proposta = p.id_proposta', 'h.id_historico')}))`,
    ),
  },
  {
    key: 'chamados',
    label: 'Chamados das propostas',
    sql: rows(
      'k',
      `chamado k join proposta p on p.id_empresa = k.id_empresa and p.id_proposta = k.id_proposta where ${OF_CLIENT('p')}`,
      'k.id_chamado',
      ['bl_anexo', 'bl_anexo_resposta'],
    ),
  },
  { key: 'leads', label: 'Leads', sql: rows('d', `lead d where ${OF_CLIENT('d')}`, 'd.id_lead') },
  { key: 'fila', label: 'Fila de campanhas e retornos', sql: rows('f', `fila f where ${OF_CLIENT('f')}`, 'f.id_fila') },
  {
    key: 'atendimentos',
    label: 'Resultados de atendimento',
    sql: rows('r', `historico_atendimento r where ${OF_CLIENT('r')}`, 'r.id_historico'),
  },
  {
    key: 'ligacoes',
    label: 'Ligações',
    sql: rows(
      'l',
      `ligacao l where ${OF_CLIENT('l')}`,
      'l.id_ligacao',
      [],
      `jsonb_build_object(
         'acessosGravacao', (${rows('g', 'ligacao_acesso_gravacao g where g.id_empresa = l.id_empresa and g.id_ligacao = l.id_ligacao', 'g.id_acesso')}),
         'escutas', (${rows('x', 'escuta_ligacao x where x.id_empresa = l.id_empresa and x.id_ligacao = l.id_ligacao', 'x.id_escuta')}))`,
    ),
  },
  {
    key: 'gravacoes',
    label: 'Gravações de ligações',
    sql: `select coalesce(jsonb_agg(jsonb_build_object('id_ligacao', l.id_ligacao, 'ts_inicio', l.ts_inicio, 'co_gravacao', l.co_gravacao,
                                                      'nu_bytes_gravacao', l.nu_bytes_gravacao, 'nu_segundos_gravacao', l.nu_segundos_gravacao)
                                   order by l.id_ligacao), '[]'::jsonb) as rows
            from ligacao l where ${OF_CLIENT('l')} and l.de_gravacao is not null`,
  },
  {
    key: 'documentos',
    label: 'Documentos',
    sql: rows('d', `cliente_documento d where ${OF_CLIENT('d')}`, 'd.id_documento', ['bl_arquivo']),
  },
  {
    key: 'acessosPorCpf',
    label: "Consultas pelo CPF ('Novo Cliente')",
    sql: rows('a', `acesso_cliente_cpf a where ${OF_CLIENT('a')}`, 'a.id_pessoa'),
  },
  {
    key: 'linhasImportacao',
    label: 'Linhas recusadas de importações',
    sql: rows(
      'r',
      `importacao_rejeitada r join importacao i on i.id_importacao = r.id_importacao where i.id_empresa = $1 and ${cpfInLine('$3')}`,
      'r.id_importacao, r.nu_linha',
      [],
      `jsonb_build_object('id_campanha', i.id_campanha)`,
    ),
  },
  { key: 'auditoria', label: 'Registros da auditoria', sql: rows('a', `auditoria a where ${ABOUT_CLIENT}`, 'a.id_auditoria') },
];
