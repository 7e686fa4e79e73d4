import { navEntriesFor } from './navEntries';

const labels = (entries: ReturnType<typeof navEntriesFor>) =>
  entries.map((entry) => (entry.kind === 'group' ? `${entry.label}[${entry.children.map((child) => child.label).join(',')}]` : entry.label));

describe('navEntriesFor', () => {
  it("places a remote's entries by their order, inside the group they name, and hides the ones the role may not open", () => {
    const manifests = [
      {
        navigation: [
          { label: 'Relatório novo', to: '/relatorio-novo', order: 45 },
          { label: 'Metas', to: '/metas', order: 25, group: 'supervisao' },
          { label: 'Só gerente', to: '/gerencia', order: 65, roles: [13] },
        ],
      },
    ];
    expect(labels(navEntriesFor(manifests, 11))).toEqual([
      'Cadastros',
      'Calendário',
      'Relatórios',
      'Relatório novo',
      'Supervisão[Metas,Fila de digitação]',
      'Configuração',
    ]);
    expect(labels(navEntriesFor(manifests, 13))).toContain('Só gerente');
  });
});
