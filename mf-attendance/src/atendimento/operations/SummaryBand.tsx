import { formatBRL, formatDecimal, type Operacao } from '@consig/shared';
import { FigureList, type Figure } from '../ui/FigureList';

/** The summary band (§2): MR fixed at R$0,00; the other three from the selected operation, 0,00 without one. */
export function SummaryBand({ operation }: { operation: Operacao | undefined }) {
  const figures: Figure[] = [
    ['MR', formatBRL(0)],
    ['Base de cálculo', formatDecimal(operation?.VL_BaseCalculo)],
    ['Margem 35%', formatDecimal(operation?.VL_Margem)],
    ['Margem disponível para cartão', formatDecimal(operation?.VL_MargemCartao)],
  ];
  return (
    <section className="consig-panel" aria-label="Resumo">
      <FigureList className="att-summary" figures={figures} />
    </section>
  );
}
