import { LoadFailure, ROLE_LABELS, TableHead, type PersonRow } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useDeferredValue, useId, useState } from 'react';
import { usePeople, type PeopleFilters } from './api/getPeople';
import { PersonActions } from './PersonActions';
import { PersonDialog } from './PersonDialog';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';

const COLUMNS = ['Nome', 'E-mail', 'Função', 'Ramal', 'Supervisor', 'Situação', 'Ações'];

/** The filters' selects: '' is 'Todas'/'Todos' (left out of the request). */
const FILTERS = [
  { key: 'ID_Funcao', label: 'Função', all: 'Todas', options: Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })) },
  {
    key: 'SN_Ativo',
    label: 'Situação',
    all: 'Todas',
    options: [
      { value: '1', label: 'Ativas' },
      { value: '0', label: 'Desativadas' },
    ],
  },
  {
    key: 'SN_Telefonia',
    label: 'Telefonia',
    all: 'Todas',
    options: [
      { value: '1', label: 'Com telefonia' },
      { value: '0', label: 'Sem telefonia' },
    ],
  },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];

/**
 * 'Pessoas' (issue 22 "People"): the company's people with search and filters; 'Nova pessoa', 'Editar', 'Desativar'
 * / 'Reativar' and 'Nova senha' as the caller's role allows (managers: everyone; supervisors: attendants).
 */
export function PeoplePanel() {
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [selects, setSelects] = useState<Record<FilterKey, string>>({ ID_Funcao: '', SN_Ativo: '1', SN_Telefonia: '' });
  const q = useDeferredValue(search.trim());
  const filters: PeopleFilters = { q: q || undefined };
  for (const { key } of FILTERS) if (selects[key] !== '') filters[key] = Number(selects[key]);
  const people = usePeople(filters);
  const [editing, setEditing] = useState<PersonRow | 'new' | null>(null);
  const [password, setPassword] = useState<{ name: string; password: string } | null>(null);

  return (
    <section aria-labelledby={titleId} className="cd-people">
      <div className="cd-heading">
        <h2 id={titleId}>Pessoas</h2>
        <button type="button" className="consig-button" onClick={() => setEditing('new')}>
          Nova pessoa
        </button>
      </div>
      <div className="cd-filters" role="group" aria-label="Filtros">
        <div className="consig-field">
          <label htmlFor={`${titleId}-busca`}>Buscar nome ou e-mail</label>
          <input id={`${titleId}-busca`} type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
        </div>
        {FILTERS.map(({ key, label, all, options }) => (
          <div className="consig-field" key={key}>
            <label htmlFor={`${titleId}-${key}`}>{label}</label>
            <select
              id={`${titleId}-${key}`}
              value={selects[key]}
              onChange={(event) => setSelects((current) => ({ ...current, [key]: event.target.value }))}
            >
              <option value="">{all}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {people.data ? (
        <>
          <p role="status" className="cd-total">
            {people.data.length === 0 ? 'Nenhuma pessoa com estes filtros.' : `${people.data.length} pessoa(s).`}
          </p>
          {people.data.length > 0 && (
            <div className="cd-table-scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
              <table className="consig-table" aria-labelledby={titleId}>
                <TableHead columns={COLUMNS} />
                <tbody>
                  {people.data.map((person) => (
                    <tr key={person.ID_Pessoa}>
                      <td>{person.DE_Pessoa}</td>
                      <td>{person.EM_Email}</td>
                      <td>{person.DE_Funcao}</td>
                      <td>{person.NU_Ramal ?? '—'}</td>
                      <td>{person.DE_Supervisor ?? '—'}</td>
                      <td>{person.SN_Ativo === 1 ? (person.SN_TrocarSenha === 1 ? 'Ativa (senha temporária)' : 'Ativa') : 'Desativada'}</td>
                      <td>
                        <PersonActions person={person} onEdit={() => setEditing(person)} onPassword={setPassword} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : people.isError ? (
        <LoadFailure what="carregar as pessoas" error={people.error} onRetry={() => people.refetch()} />
      ) : (
        <QueryLoading slow={people.isSlow} />
      )}
      {editing && (
        <PersonDialog person={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onCreated={setPassword} />
      )}
      {password && <TemporaryPasswordDialog name={password.name} password={password.password} onClose={() => setPassword(null)} />}
    </section>
  );
}
