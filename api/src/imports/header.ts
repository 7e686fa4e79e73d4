/**
 * Which column holds what: header names in any case, with or without accents, in any order — the template's
 * names (template.ts) and the obvious Portuguese variants. Unknown columns are ignored.
 */

export type ImportField = 'cpf' | 'nome' | 'nascimento' | 'telefone' | 'matricula' | 'especie' | 'valorOfertado' | 'valorParcela';

/** 'Matrícula / NB' → 'matriculanb': lower case, no accents, letters and digits only. */
export function headerKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const NAMES: Record<ImportField, string[]> = {
  cpf: ['cpf', 'cocpf', 'cpfcliente', 'nucpf', 'cpfdocliente', 'numerocpf'],
  nome: ['nome', 'nomecliente', 'nomedocliente', 'nomecompleto', 'cliente', 'depessoa'],
  nascimento: ['nascimento', 'datanascimento', 'datadenascimento', 'dtnascimento', 'dtnasc', 'datanasc', 'dnasc'],
  telefone: ['telefone', 'telefones', 'fone', 'celular', 'whatsapp', 'telefonecelular', 'detelefone'],
  matricula: ['matriculanb', 'matricula', 'nb', 'beneficio', 'numerobeneficio', 'nbeneficio', 'numerodobeneficio', 'comatricula'],
  especie: ['especie', 'especiebeneficio', 'especiedobeneficio', 'codigoespecie', 'idespecie'],
  valorOfertado: ['valorofertado', 'valoroferta', 'valorliberado', 'vlofertado', 'valor'],
  valorParcela: ['valorparcela', 'valordaparcela', 'parcela', 'vlparcela'],
};

const DIGITS = /^\d+$/;

/** 'telefone2' for 'telefone': a name followed by a number ('Telefone 2', 'Celular1', 'Fone3'). */
const isNumbered = (key: string, name: string) => key.startsWith(name) && DIGITS.test(key.slice(name.length));

function fieldOf(key: string): ImportField | undefined {
  for (const [field, names] of Object.entries(NAMES) as [ImportField, string[]][]) {
    if (names.includes(key)) return field;
    // Numbered phone columns.
    if (field === 'telefone' && names.some((name) => isNumbered(key, name))) return field;
  }
  return undefined;
}

/** Column indexes per field; phones may come in several columns, the rest take the first matching column. */
export interface ColumnMap {
  single: Partial<Record<Exclude<ImportField, 'telefone'>, number>>;
  phones: number[];
}

export function mapHeader(cells: string[]): ColumnMap {
  const map: ColumnMap = { single: {}, phones: [] };
  cells.forEach((cell, index) => {
    const field = fieldOf(headerKey(cell));
    if (field === 'telefone') map.phones.push(index);
    else if (field && map.single[field] === undefined) map.single[field] = index;
  });
  return map;
}
