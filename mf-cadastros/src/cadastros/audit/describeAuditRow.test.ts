import { describeAuditRow } from './describeAuditRow';

describe('describeAuditRow', () => {
  it('shows the detail, then each changed field as before → after, leaving unchanged fields out', () => {
    expect(
      describeAuditRow({
        JS_Detalhe: { ID_Pessoa: 7 },
        JS_Antes: { DE_Pessoa: 'Ana', ID_Funcao: 11, NU_Ramal: null },
        JS_Depois: { DE_Pessoa: 'Ana', ID_Funcao: 12, NU_Ramal: '1007' },
      }),
    ).toEqual(['ID_Pessoa: 7', 'ID_Funcao: 11 → 12', 'NU_Ramal: — → 1007']);
  });

  it('shows a creation by its new values and a removal by its old ones', () => {
    expect(describeAuditRow({ JS_Detalhe: {}, JS_Antes: null, JS_Depois: { DE_Telefone: '6133334444' } })).toEqual([
      'DE_Telefone: 6133334444',
    ]);
    expect(describeAuditRow({ JS_Detalhe: {}, JS_Antes: { DE_Telefone: '6133334444' }, JS_Depois: null })).toEqual([
      'DE_Telefone: 6133334444 (removido)',
    ]);
  });

  it('writes nested values as compact JSON and says nothing more for an action without values', () => {
    expect(describeAuditRow({ JS_Detalhe: { filtros: { DT_Inicio: '2026-01-01' } }, JS_Antes: null, JS_Depois: null })).toEqual([
      'filtros: {"DT_Inicio":"2026-01-01"}',
    ]);
    expect(describeAuditRow({ JS_Detalhe: {}, JS_Antes: null, JS_Depois: null })).toEqual([]);
  });
});
