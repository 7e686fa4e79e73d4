import { headerKey, mapHeader } from './header';
import { TEMPLATE_COLUMNS } from './template';

describe('mapHeader', () => {
  it("maps the template's columns", () => {
    expect(mapHeader(TEMPLATE_COLUMNS)).toEqual({
      single: { cpf: 0, nome: 1, nascimento: 2, matricula: 5, especie: 6, valorOfertado: 7, valorParcela: 8 },
      phones: [3, 4],
    });
  });

  it('takes any case, accents and order, and Portuguese variants', () => {
    expect(
      mapHeader(['ESPECIE', 'Data de Nascimento', 'celular', 'Nome do Cliente', 'cpf', 'NB', 'Fone2', 'Valor da parcela', 'Obs']),
    ).toEqual({
      single: { especie: 0, nascimento: 1, nome: 3, cpf: 4, matricula: 5, valorParcela: 7 },
      phones: [2, 6],
    });
    expect(headerKey(' Matrícula / NB ')).toBe('matriculanb');
  });

  it('takes numbered phone columns, and nothing else that starts like one', () => {
    expect(mapHeader(['CPF', 'Telefone 2', 'Celular1', 'WhatsApp 10', 'Telefone 2b', 'Fone fixo', 'Telefones3']).phones).toEqual([
      1, 2, 3, 6,
    ]);
  });

  it('leaves the CPF unmapped when no column is a CPF', () => {
    expect(mapHeader(['Nome', 'Telefone']).single.cpf).toBeUndefined();
  });
});
