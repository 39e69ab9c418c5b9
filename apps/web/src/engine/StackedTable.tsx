import { em, Table, Text, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';

/** One column of a `StackedTable`: its title, and what a row shows in it. */
export type StackedColumn<R> = {
  key: string;
  /** The column's heading; on a card, the label above the cell's value. */
  title: string;
  /** What a row shows in it; `stacked` when the row is a card (a naming cell may then hold more). */
  cell: (row: R, stacked: boolean) => ReactNode;
  /**
   * The cell that names the row (a report's number and title): on a card it comes first, across
   * the card, without a label, since it says what the card is.
   */
  names?: boolean;
  /** Its heading is read, not shown: a column of buttons. */
  titleHidden?: boolean;
  /** In one layout only: a row's buttons may stand in its naming cell on a card. */
  only?: 'table' | 'cards';
};

/** What a page may add to a row: data attributes, and a style kept on the card too. */
export type RowProps = { style?: CSSProperties } & { [data: `data-${string}`]: string | boolean | undefined };

export type StackedTableProps<R> = {
  /** The table's accessible name. */
  label: string;
  columns: StackedColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string;
  /** The width the table needs as a table; narrower, it scrolls inside its box (md and up only). */
  minWidth?: number;
  /** More of a row: a data attribute and its style (a severe report's red edge), on a card too. */
  rowProps?: (row: R) => RowProps;
  striped?: boolean;
  /** A border around the table (a list inside a form); cards have their own. */
  withTableBorder?: boolean;
};

/** What a screen reader still reads while the eye skips it: the column headings of a stacked table. */
const readersOnly: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * A table of hand-built rows (a queue, a summary) that never scrolls sideways. From the `md`
 * breakpoint (992 px) it is a table; below it, an upright tablet or a phone, each row is a card whose
 * cells stand in a grid, each value under its column's title, the naming cell first and across. The
 * element stays a table with its rows, cells and (visually hidden) column headings, given their
 * roles explicitly because a browser drops a table's meaning when its display changes: a screen
 * reader and a test find the same rows at every width. Entity lists use `EntityTable`, which fits
 * its columns to the width instead (docs/web-ui.md, "Tables fit the screen").
 */
export function StackedTable<R>(p: StackedTableProps<R>) {
  const theme = useMantineTheme();
  // Read at once, not after a first render as a table: a tablet never flashes the wide layout.
  const wide = useMediaQuery(`(min-width: ${em(theme.breakpoints.md)})`, undefined, {
    getInitialValueInEffect: false,
  });
  if (wide) {
    const columns = p.columns.filter((c) => c.only !== 'cards');
    const table = (
      <Table striped={p.striped} withTableBorder={p.withTableBorder} aria-label={p.label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>
                {c.titleHidden ? <VisuallyHidden>{c.title}</VisuallyHidden> : c.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.rows.map((row) => (
            <Table.Tr key={p.rowKey(row)} {...p.rowProps?.(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.cell(row, false)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
    return p.minWidth ? <Table.ScrollContainer minWidth={p.minWidth}>{table}</Table.ScrollContainer> : table;
  }
  const columns = p.columns.filter((c) => c.only !== 'table');
  return (
    <Table role="table" aria-label={p.label} data-stacked withRowBorders={false} style={{ display: 'block' }}>
      <Table.Thead role="rowgroup" style={readersOnly}>
        <Table.Tr role="row">
          {columns.map((c) => (
            <Table.Th key={c.key} role="columnheader">
              {c.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role="rowgroup" style={{ display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
        {p.rows.map((row) => {
          const extra = p.rowProps?.(row);
          return (
            <Table.Tr
              key={p.rowKey(row)}
              {...extra}
              role="row"
              style={{
                display: 'grid',
                // Two or three cells side by side on a tablet, one under another on a phone.
                gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
                gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
                padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)',
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
                ...extra?.style,
              }}
            >
              {columns.map((c) => (
                <Table.Td
                  key={c.key}
                  role="cell"
                  style={{
                    display: 'block',
                    padding: 0,
                    minWidth: 0,
                    overflowWrap: 'anywhere',
                    ...(c.names ? { gridColumn: '1 / -1', order: -1 } : {}),
                  }}
                >
                  {!c.names && !c.titleHidden && (
                    // The heading above says the same to a screen reader; this is for the eye.
                    <Text size="xs" fw={600} c="dimmed" aria-hidden>
                      {c.title}
                    </Text>
                  )}
                  {c.cell(row, true)}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
