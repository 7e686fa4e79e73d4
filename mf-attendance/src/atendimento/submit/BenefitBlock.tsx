import { FigureList } from '../ui/FigureList';
import type { Client } from '@consig/shared';

const yesNo = (flag: 0 | 1) => (flag === 1 ? 'Sim' : 'Não');
const orDashes = (value: string | number | null) => (value === null || value === '' ? '---' : String(value));

/**
 * The extra block of product-spec §2, shown while the benefit type is 3 or lower: the client's INSS benefit
 * data, read-only (the client form is where it is edited). The species is its code: the species list
 * (/cadastro/especie) belongs to the client form.
 */
export function BenefitBlock({ client }: { client: Client }) {
  const facts: [label: string, value: string][] = [
    ['NB', orDashes(client.CO_Matricula)],
    ['Espécie', orDashes(client.ID_Especie)],
    ['DIB', orDashes(client.DT_DIB)],
    ['DDB', orDashes(client.DT_DDB)],
    ['Bloqueado', yesNo(client.SN_Bloqueio)],
    ['Representante legal', yesNo(client.SN_RepresentanteLegal)],
  ];
  return (
    <section className="consig-panel att-submit" aria-label="Dados do benefício">
      <h3>Dados do benefício</h3>
      <FigureList className="att-submit__figures" figures={facts} />
    </section>
  );
}
