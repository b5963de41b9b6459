import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** The column that names the row: a row header, so screen readers announce it with each cell. */
  rowHeader?: boolean;
  /** The row's buttons: on a narrow screen they close the row's card, without a label. */
  actions?: boolean;
  /** The row's picture: on a narrow screen it opens the row's card, without a label. */
  media?: boolean;
  /**
   * A value that reads wrong when broken (an email, a phone number, a date, a price): kept on one
   * line in the table. Every other value may break inside a word, so that the table fits.
   */
  nowrap?: boolean;
}

/*
 * Where there is room (56rem and more for the list itself) the rows are a table; below that each
 * row is a card of labelled facts, so that nothing hides past the right edge of a phone. The
 * explicit roles keep the table's meaning for screen readers while its parts are laid out as
 * blocks. In the table, a free text (a name, a place) keeps words of up to 6rem whole and breaks
 * longer ones: one long name then takes the room it needs from its own column instead of pushing
 * the buttons out of the box. Buttons never break.
 */
const NARROW = {
  table: '@max-4xl:block',
  head: '@max-4xl:hidden',
  body: '@max-4xl:grid @max-4xl:gap-4 @xl:grid-cols-2',
  row: '@max-4xl:flex @max-4xl:flex-col @max-4xl:gap-2 @max-4xl:rounded-box @max-4xl:border @max-4xl:border-base-300 @max-4xl:p-4',
  media: '@max-4xl:order-first @max-4xl:block @max-4xl:p-0',
  rowHeader: '@max-4xl:-order-1 @max-4xl:block @max-4xl:p-0 @max-4xl:text-base',
  cell: '@max-4xl:grid @max-4xl:grid-cols-[7rem_minmax(0,1fr)] @max-4xl:items-baseline @max-4xl:gap-3 @max-4xl:p-0',
  actions: 'wrap-normal @max-4xl:order-last @max-4xl:block @max-4xl:p-0 @max-4xl:pt-2',
};

function CellContent({ nowrap, children }: { nowrap?: boolean; children: ReactNode }) {
  return (
    <div className={`wrap-anywhere ${nowrap ? '@4xl:whitespace-nowrap' : '@4xl:min-w-24'}`}>
      {children}
    </div>
  );
}

/**
 * The one list of rows with columns, used by every dashboard list: a table in a bordered box on a
 * wide screen, a stack of cards on a phone.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
}) {
  return (
    <div className="@container">
      <div className="@4xl:overflow-x-auto @4xl:rounded-box @4xl:border @4xl:border-base-300">
        <table role="table" className={`table ${NARROW.table}`}>
          <thead role="rowgroup" className={`text-base-content/80 ${NARROW.head}`}>
            <tr role="row">
              {columns.map((column) => (
                <th
                  key={column.header}
                  role="columnheader"
                  scope="col"
                  className="whitespace-nowrap"
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={NARROW.body}>
            {rows.map((row, index) => (
              <tr key={rowKey(row)} role="row" className={NARROW.row}>
                {columns.map((column) => {
                  const content = column.cell(row, index);
                  if (column.rowHeader) {
                    return (
                      <th
                        key={column.header}
                        role="rowheader"
                        scope="row"
                        className={`font-semibold ${NARROW.rowHeader}`}
                      >
                        <CellContent>{content}</CellContent>
                      </th>
                    );
                  }
                  if (column.actions || column.media) {
                    return (
                      <td
                        key={column.header}
                        role="cell"
                        className={column.actions ? NARROW.actions : NARROW.media}
                      >
                        {content}
                      </td>
                    );
                  }
                  return (
                    <td key={column.header} role="cell" className={NARROW.cell}>
                      <span className="text-sm text-base-content/80 @4xl:hidden">
                        {column.header}
                      </span>
                      <CellContent nowrap={column.nowrap}>{content}</CellContent>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
