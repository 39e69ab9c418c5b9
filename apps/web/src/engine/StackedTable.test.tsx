import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { StackedTable } from './StackedTable.tsx';
import type { StackedColumn } from './StackedTable.tsx';
import { windowOfWidth } from '../test/window-width.ts';

type Pump = { id: string; tag: string; service: string; level: number };

const pumps: Pump[] = [
  { id: '1', tag: 'P-101A', service: 'Crude charge', level: 1 },
  { id: '2', tag: 'P-102B', service: 'Reflux', level: 2 },
];
const columns: StackedColumn<Pump>[] = [
  { key: 'level', title: 'Level', cell: (p) => `Level ${p.level}` },
  { key: 'tag', title: 'Tag', names: true, cell: (p) => <a href={`/pumps/${p.id}`}>{p.tag}</a> },
  { key: 'service', title: 'Service', cell: (p) => p.service },
];

/** A window `width` px wide, as `(min-width: …)` queries see it (em at 16 px). */

const show = () =>
  renderWithProviders(
    <StackedTable
      label="Pumps"
      columns={columns}
      rows={pumps}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-urgent': p.level === 2 || undefined, style: { color: 'red' } })}
      minWidth={900}
    />,
  );

afterEach(() => vi.restoreAllMocks());

describe('StackedTable', () => {
  it('is a table from the md breakpoint, scrolling in its box when narrower than it needs', () => {
    windowOfWidth(1280);
    show();
    const table = screen.getByRole('table', { name: 'Pumps' });
    expect(table).not.toHaveAttribute('data-stacked');
    expect(table.closest('[class*="scrollContainer"]')).not.toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Level', 'Tag', 'Service']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]).toHaveAttribute('data-urgent', 'true');
    expect(rows[0]).not.toHaveAttribute('data-urgent');
  });

  it('below md, makes each row a card: the naming cell first and across, the others under their titles', () => {
    windowOfWidth(800);
    show();
    const table = screen.getByRole('table', { name: 'Pumps' });
    expect(table).toHaveAttribute('data-stacked');
    expect(table.closest('[class*="scrollContainer"]')).toBeNull();
    // Still a table to a screen reader: its headings (hidden from the eye), rows and cells, by role.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);

    const card = rows[1]!;
    expect(card).toHaveAttribute('data-urgent', 'true');
    // The page's style (a severe report's edge) is kept on the card.
    expect(card.style.display).toBe('grid');
    expect(card.style.color).toBe('red');
    const [level, tag, service] = within(card).getAllByRole('cell');
    expect(String(tag!.style.order)).toBe('-1');
    expect(tag!.style.gridColumn).toBe('1 / -1');
    expect(within(tag!).getByRole('link', { name: 'P-102B' })).toBeVisible();
    expect(within(tag!).queryByText('Tag')).toBeNull();
    // The label is for the eye; a screen reader hears the column heading.
    expect(within(level!).getByText('Level')).toHaveAttribute('aria-hidden', 'true');
    expect(level).toHaveTextContent('Level 2');
    expect(within(service!).getByText('Service')).toHaveAttribute('aria-hidden', 'true');
    expect(service).toHaveTextContent('Reflux');
  });

  it('puts a row’s buttons where each layout reads them: their own column, or the card’s naming cell', () => {
    const withButtons: StackedColumn<Pump>[] = [
      {
        key: 'tag',
        title: 'Tag',
        names: true,
        cell: (p, stacked) => (
          <>
            {p.tag}
            {stacked && <button type="button">{`Remove ${p.tag}`}</button>}
          </>
        ),
      },
      { key: 'service', title: 'Service', cell: (p) => p.service },
      {
        key: 'remove',
        title: 'Remove',
        titleHidden: true,
        only: 'table',
        cell: (p) => <button type="button">{`Remove ${p.tag}`}</button>,
      },
    ];
    const render = () =>
      renderWithProviders(
        <StackedTable label="Pumps" columns={withButtons} rows={pumps} rowKey={(p) => p.id} />,
      );

    windowOfWidth(1280);
    const wide = render();
    const table = screen.getByRole('table', { name: 'Pumps' });
    // The buttons' heading is read, not shown.
    const heading = within(table).getAllByRole('columnheader')[2]!;
    expect(heading).toHaveTextContent('Remove');
    expect(heading.querySelector('[class*="VisuallyHidden"]')).not.toBeNull();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')).toHaveLength(3);
    expect(
      within(within(row).getAllByRole('cell')[2]!).getByRole('button', { name: 'Remove P-101A' }),
    ).toBeVisible();
    wide.unmount();

    windowOfWidth(800);
    render();
    const stacked = screen.getByRole('table', { name: 'Pumps' });
    expect(within(stacked).getAllByRole('columnheader')).toHaveLength(2);
    const card = within(stacked).getAllByRole('row')[1]!;
    const [tag, service] = within(card).getAllByRole('cell');
    expect(within(card).getAllByRole('cell')).toHaveLength(2);
    expect(within(tag!).getByRole('button', { name: 'Remove P-101A' })).toBeVisible();
    expect(service).toHaveTextContent('Crude charge');
  });
});
