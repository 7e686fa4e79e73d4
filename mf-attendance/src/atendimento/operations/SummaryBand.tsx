import { formatBRL, type Operation } from '@consig/shared';
import { FigureList, type Figure } from '../ui/FigureList';

/** The summary band (§2): MR fixed at R$0,00; the other three from the selected operation, R$ 0,00 without one; every figure in R$. */
export function SummaryBand({ operation }: { operation: Operation | undefined }) {
  const figures: Figure[] = [
    ['MR', formatBRL(0)],
    ['Base de cálculo', formatBRL(operation?.VL_BaseCalculo)],
    ['Margem 35%', formatBRL(operation?.VL_Margem)],
    ['Margem disponível para cartão', formatBRL(operation?.VL_MargemCartao)],
  ];
  return (
    <section className="consig-panel" aria-label="Resumo">
      <FigureList className="att-summary" figures={figures} />
    </section>
  );
}
