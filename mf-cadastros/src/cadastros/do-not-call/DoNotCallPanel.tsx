import { doNotDisturbRequest, formatPhoneNumber, formatSaoPauloDateTime, LoadFailure, TableHead } from '@consig/shared';
import { Field, Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { QueryLoading } from '@consig/shared/query';
import { useDeferredValue, useId, useState } from 'react';
import { useAddDoNotCall } from './api/addDoNotCall';
import { useDoNotCallList } from './api/getDoNotCallList';
import { DoNotCallUpload } from './DoNotCallUpload';
import { RemoveDoNotCallButton } from './RemoveDoNotCallButton';

const COLUMNS = ['Telefone', 'Origem', 'Incluído em', 'Ação'];
/** The list shows the newest numbers, at most this many (the API's own cap). */
const LIST_LIMIT = 200;

/**
 * 'Não Me Perturbe' (issue 22 "Company settings"; docs/rules.md "Who may be called now"): the company's own list of
 * numbers nobody calls, which the queue and the SIP edge refuse. Add one number, a file of them, search, remove.
 */
export function DoNotCallPanel() {
  const titleId = useId();
  const [search, setSearch] = useState('');
  // Digits only, as the API searches; the list follows the typing without a request per keystroke in flight.
  const digits = useDeferredValue(search.replace(/\D/g, ''));
  const list = useDoNotCallList(digits);

  return (
    <section aria-labelledby={titleId} className="cd-do-not-call">
      <h2 id={titleId}>Não Me Perturbe</h2>
      <p className="cd-note">
        Números que a empresa não liga: a fila não os oferece e a telefonia recusa a chamada. Inclua um número, ou um arquivo com um número
        por linha.
      </p>
      <div className="cd-forms">
        <AddNumberForm />
        <DoNotCallUpload />
      </div>
      <div className="consig-field cd-search">
        <label htmlFor={`${titleId}-busca`}>Buscar número</label>
        <input
          id={`${titleId}-busca`}
          type="search"
          inputMode="numeric"
          value={search}
          maxLength={20}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {list.data ? (
        <>
          <p role="status" className="cd-total">
            {list.data.NU_Total === 0
              ? 'Nenhum número na lista.'
              : `${list.data.NU_Total.toLocaleString('pt-BR')} número(s) na lista${list.data.NU_Total > LIST_LIMIT ? `; os ${LIST_LIMIT} mais recentes abaixo` : ''}.`}
          </p>
          {list.data.itens.length > 0 && (
            <div className="cd-table-scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
              <table className="consig-table" aria-labelledby={titleId}>
                <TableHead columns={COLUMNS} />
                <tbody>
                  {list.data.itens.map((item) => (
                    <tr key={item.DE_Telefone}>
                      <td>{formatPhoneNumber(item.DE_Telefone)}</td>
                      <td>{item.DE_Origem}</td>
                      <td>{formatSaoPauloDateTime(item.TS_Criacao)}</td>
                      <td>
                        <RemoveDoNotCallButton phone={item.DE_Telefone} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : list.isError ? (
        <LoadFailure what="carregar a lista" error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <QueryLoading slow={list.isSlow} />
      )}
    </section>
  );
}

/** One number onto the list, checked by the API's own rule and text before it is sent. */
function AddNumberForm() {
  const form = useZodForm(doNotDisturbRequest, { defaultValues: { DE_Telefone: '' } });
  const add = useAddDoNotCall();
  const send = async (values: { DE_Telefone: string }) => {
    try {
      await add.mutateAsync(values);
      form.reset();
    } catch {
      // the mutation showed the server's refusal; the number stays to be corrected
    }
  };
  return (
    <Form form={form} onSubmit={send} className="cd-add" aria-label="Incluir número">
      <Field name="DE_Telefone" label="Telefone" mask="phone" />
      <SubmitButton busyLabel="Incluindo...">Incluir</SubmitButton>
    </Form>
  );
}
