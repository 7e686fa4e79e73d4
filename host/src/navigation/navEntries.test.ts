import { navEntriesFor } from './navEntries';

const labels = (entries: ReturnType<typeof navEntriesFor>) =>
  entries.map((entry) =>
    entry.kind === 'group' ? `${entry.label}[${entry.children.map((child) => child.label).join(',')}]` : entry.label,
  );

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

  it("drops the shell's placeholder for a place a manifest brings an entry to, whoever the entry is for", () => {
    const manifests = [{ navigation: [{ label: 'Relatórios', to: '/relatórios', icon: 'relatorios', order: 40, roles: [12, 13] }] }];
    const supervisor = navEntriesFor(manifests, 12);
    expect(supervisor.filter((entry) => entry.kind !== 'group' && entry.label === 'Relatórios')).toEqual([
      { kind: 'link', label: 'Relatórios', to: '/relatórios', icon: 'relatorios' },
    ]);
    expect(supervisor.filter((entry) => entry.kind === 'unavailable').map((entry) => entry.label)).toEqual(['Cadastros', 'Calendário']);
    // An attendant sees neither the remote's entry (its roles) nor the placeholder it replaced.
    expect(labels(navEntriesFor(manifests, 11))).toEqual(['Cadastros', 'Calendário', 'Supervisão[Fila de digitação]', 'Configuração']);
  });

  it('keeps every placeholder while no manifest brings an entry to its place', () => {
    const entries = navEntriesFor([{ navigation: [{ label: 'Metas', to: '/metas', order: 45 }] }], 12);
    expect(entries.filter((entry) => entry.kind === 'unavailable').map((entry) => entry.label)).toEqual([
      'Cadastros',
      'Calendário',
      'Relatórios',
    ]);
  });
});
