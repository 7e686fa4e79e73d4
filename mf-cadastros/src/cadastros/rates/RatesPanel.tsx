import { CREDIT_TYPES, LoadFailure, TableHead, toIsoDate, type RateState } from '@consig/shared';
import { QueryLoading, useBanks } from '@consig/shared/query';
import { useId, useState } from 'react';
import { useRates, type RateFilters } from './api/getRates';
import { RateDialog } from './RateDialog';
import { RatesChart } from './RatesChart';
import { RemoveRateButton } from './RemoveRateButton';
import { dayLabel, percentLabel } from './rateFormat';
import './rates.css';

const COLUMNS = ['Tipo', 'Banco', 'Taxa (a.m.)', 'Vigência', 'Situação', 'Teto no dia', 'Fonte', 'Ações'];

/** The state badge's modifier: in force stands out, replaced fades. */
const STATE_CLASS: Record<RateState, string> = {
  'Em vigor': 'cd-rate-state--current',
  Futura: 'cd-rate-state--future',
  Substituída: 'cd-rate-state--replaced',
};

/**
 * 'Taxas' (issue 22 "Company settings"; managers): the company's monthly rates by credit type and bank with their
 * state today and the cap in force on each one's day, a chart of the any-bank rates over time, 'Nova taxa', and
 * 'Remover' on the rates not yet in force (the others priced offers, which must stay explainable).
 */
export function RatesPanel() {
  const titleId = useId();
  const [type, setType] = useState('');
  const [bank, setBank] = useState('');
  const filters: RateFilters = {};
  if (type !== '') filters.ID_TipoCredito = Number(type);
  if (bank !== '') filters.ID_Banco = Number(bank);
  const rates = useRates(filters);
  const banks = useBanks().data ?? [];
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby={titleId} className="cd-rates">
      <div className="cd-heading">
        <h2 id={titleId}>Taxas</h2>
        <button type="button" className="consig-button" onClick={() => setAdding(true)}>
          Nova taxa
        </button>
      </div>
      <p className="cd-note">
        A taxa de uma operação é a mais recente em vigor no dia para o banco dela; sem taxa do banco, a de todos os bancos.
      </p>
      <div className="cd-filters" role="group" aria-label="Filtros">
        <div className="consig-field">
          <label htmlFor={`${titleId}-tipo`}>Tipo de crédito</label>
          <select id={`${titleId}-tipo`} value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">Todos</option>
            {CREDIT_TYPES.map((option) => (
              <option key={option.ID_TipoCredito} value={option.ID_TipoCredito}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="consig-field">
          <label htmlFor={`${titleId}-banco`}>Banco</label>
          <select id={`${titleId}-banco`} value={bank} onChange={(event) => setBank(event.target.value)}>
            <option value="">Todos</option>
            {banks.map((option) => (
              <option key={option.BancoID} value={option.BancoID}>
                {option.DE_Banco}
              </option>
            ))}
          </select>
        </div>
      </div>
      {rates.data ? (
        <>
          <p role="status" className="cd-total">
            {rates.data.length === 0 ? 'Nenhuma taxa com estes filtros.' : `${rates.data.length} taxa(s).`}
          </p>
          <RatesChart rates={rates.data} today={toIsoDate()} />
          {rates.data.length > 0 && (
            <div className="cd-table-scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
              <table className="consig-table" aria-labelledby={titleId}>
                <TableHead columns={COLUMNS} />
                <tbody>
                  {rates.data.map((rate) => (
                    <tr key={rate.ID_Taxa}>
                      <td>{rate.DE_TipoCredito}</td>
                      <td>{rate.DE_Banco}</td>
                      <td>{percentLabel(rate.VL_TaxaMensal)}</td>
                      <td>{dayLabel(rate.DT_Vigencia)}</td>
                      <td>
                        <span className={`consig-badge cd-rate-state ${STATE_CLASS[rate.DE_Situacao]}`}>{rate.DE_Situacao}</span>
                      </td>
                      <td>
                        {rate.VL_Teto === null ? (
                          'Sem teto'
                        ) : (
                          <span title={`${rate.DE_FonteTeto}, desde ${dayLabel(rate.DT_VigenciaTeto ?? '')}`}>
                            {percentLabel(rate.VL_Teto)}
                            <span className="cd-rate-cap-source">
                              {rate.DE_FonteTeto}, desde {dayLabel(rate.DT_VigenciaTeto ?? '')}
                            </span>
                          </span>
                        )}
                      </td>
                      <td>{rate.DE_Fonte || '—'}</td>
                      <td>{rate.DE_Situacao === 'Futura' && <RemoveRateButton rate={rate} />}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : rates.isError ? (
        <LoadFailure what="carregar as taxas" error={rates.error} onRetry={() => rates.refetch()} />
      ) : (
        <QueryLoading slow={rates.isSlow} />
      )}
      {adding && <RateDialog onClose={() => setAdding(false)} />}
    </section>
  );
}
