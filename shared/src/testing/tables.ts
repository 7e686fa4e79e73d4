import { screen, within } from '@testing-library/react';

/**
 * A table's body rows as their cells' texts (`td`, not the header row), the first `columns` of each when given: what
 * a person reads in the list. The only table on the page unless `table` says which.
 */
export function bodyCellTexts(columns?: number, table: HTMLElement = screen.getByRole('table')): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, columns)
        .map((cell) => cell.textContent),
    );
}
