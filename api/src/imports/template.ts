/**
 * The spreadsheet template (GET /importacao/modelo.csv): the columns the import reads, in Excel pt-BR's dialect
 * (`;`, comma decimals, dd/mm/aaaa), UTF-8 with BOM so Excel shows the accents. It imports as is: the example
 * line is a valid new INSS client. Written by csvLine, like every CSV the API serves.
 */
import { CSV_BOM, csvLine } from '../http/csv';

export const TEMPLATE_COLUMNS = [
  'CPF',
  'Nome',
  'Nascimento',
  'Telefone 1',
  'Telefone 2',
  'Matrícula/NB',
  'Espécie',
  'Valor ofertado',
  'Valor parcela',
];

export const TEMPLATE_EXAMPLE = [
  '123.456.789-09',
  'Maria da Silva Exemplo',
  '15/03/1955',
  '(11) 98765-4321',
  '(11) 3333-4444',
  '1234567890',
  '41',
  '5.000,00',
  '150,25',
];

export const TEMPLATE_FILE_NAME = 'modelo-importacao.csv';

export const TEMPLATE_CSV = CSV_BOM + csvLine(TEMPLATE_COLUMNS) + csvLine(TEMPLATE_EXAMPLE);
