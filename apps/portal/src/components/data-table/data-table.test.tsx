import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { draggedWidth, nextSort, pageRange, paramFromSorting, sortingFromParam } from './data-table.rules.ts';
import { type DataColumn, DataTable } from './data-table.tsx';

interface Row {
  id: string;
  name: string;
  stock: number;
}

const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', sortable: true, hideable: false, cell: (r) => r.name },
  {
    id: 'stock',
    header: 'Stock',
    sortable: true,
    descFirst: true,
    align: 'right',
    cell: (r) => String(r.stock),
  },
  { id: 'note', header: 'Note', cell: (r) => `note ${r.id}` },
];
const rows: Row[] = [
  { id: 'a', name: 'Appeltaart', stock: 3 },
  { id: 'b', name: 'Boterkoek', stock: 12 },
];

/** The table inside a screen that keeps sort and page in state, as a list screen keeps them in its URL. */
function Screen({
  total = 2,
  capped = false,
  sales = false,
}: {
  total?: number;
  capped?: boolean;
  sales?: boolean;
}) {
  const [sort, setSort] = useState('name');
  const [page, setPage] = useState(1);
  return (
    <>
      <output data-testid="state">{`${sort} ${page}`}</output>
      <DataTable
        id="test"
        label="Products"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        total={total}
        totalCapped={capped}
        page={page}
        pageSize={2}
        onPageChange={setPage}
        sort={sort}
        onSortChange={setSort}
        {...(sales ? { resizable: true, pager: 'prevNext' as const } : {})}
      />
    </>
  );
}

describe('data table rules', () => {
  it('reads and writes the sort parameter', () => {
    expect(sortingFromParam('-stock')).toEqual([{ id: 'stock', desc: true }]);
    expect(sortingFromParam('')).toEqual([]);
    expect(paramFromSorting([{ id: 'name', desc: false }])).toBe('name');
    expect(paramFromSorting([{ id: 'name', desc: true }])).toBe('-name');
    expect(paramFromSorting([])).toBeUndefined();
  });

  it('flips the sorted column and starts another ascending, or descending for newest/largest-first columns', () => {
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'stock', true)).toBe('-stock');
    expect(nextSort('-stock', 'name')).toBe('name');
  });

  it('gives the rows a page shows', () => {
    expect(pageRange(2, 25, 60)).toEqual({ first: 26, last: 50 });
    expect(pageRange(3, 25, 60)).toEqual({ first: 51, last: 60 });
    expect(pageRange(1, 25, 0)).toBeNull();
  });
});

describe('DataTable', () => {
  beforeEach(() => localStorage.clear());

  it('sorts through its headers and marks the sorted column for screen readers', () => {
    renderUi(<Screen />);
    const table = screen.getByRole('table', { name: 'Products' });
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(screen.getByTestId('state').textContent).toBe('-name 1');
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    fireEvent.click(within(within(table).getByRole('columnheader', { name: /Stock/ })).getByRole('button'));
    expect(screen.getByTestId('state').textContent).toBe('-stock 1');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('hides a column from the Columns menu and remembers the choice in this browser', async () => {
    const first = renderUi(<Screen />);
    expect(screen.getByText('note a')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Name')).toBeNull(); // the row's opening column cannot be hidden
    fireEvent.click(within(menu).getByText('Note'));
    expect(screen.queryByText('note a')).toBeNull();
    expect(JSON.parse(localStorage.getItem('hoppa.columns.test') ?? '{}')).toEqual({ note: false });
    first.unmount();
    renderUi(<Screen />);
    expect(screen.queryByText('note a')).toBeNull();
    expect(screen.getByText('Appeltaart')).toBeTruthy();
  });

  it('pages when there is more than one page', () => {
    renderUi(<Screen total={5} />);
    expect(screen.getByText('1–2 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('state').textContent).toBe('name 2');
  });

  it('says "+" after a total the server only counted up to its cap, in the reader\'s number notation', () => {
    renderUi(<Screen total={10000} capped />);
    expect(screen.getByText('1–2 of 10,000+')).toBeTruthy();
  });

  it('writes the range in Dutch number notation: 1–2 van 2.503', () => {
    renderUi(<Screen total={2503} />, { lang: 'nl' });
    expect(screen.getByText('1–2 van 2.503')).toBeTruthy();
  });
});

describe('draggable column widths and Previous / Next (spec 3 §2 Sales dashboard)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a dragged width between 50 and 800 px (spec 3 §9), in whole pixels', () => {
    expect(draggedWidth(120, 30.4)).toBe(150);
    expect(draggedWidth(120, -500)).toBe(50);
    expect(draggedWidth(700, 400)).toBe(800);
  });

  it('widens a column with the arrow keys on its handle, the table then laying out by the widths', () => {
    renderUi(<Screen sales />);
    const table = screen.getByRole('table', { name: 'Products' });
    const handle = screen.getByRole('separator', { name: /Stock/ });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    const th = handle.parentElement as HTMLElement;
    // jsdom measures nothing: the columns start at the smallest width (50 px, spec 3 §9), one press adds 16 px.
    expect(th.style.width).toBe('66px');
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(th.style.width).toBe('50px');
    expect(handle.getAttribute('aria-valuenow')).toBe('50');
    expect(table.style.tableLayout).toBe('fixed');
  });

  it("drags a column's edge, keeps the widths in this browser per table and restores them on the next visit", () => {
    const first = renderUi(<Screen sales />);
    const handle = screen.getByRole('separator', { name: /Stock/ });
    fireEvent.mouseDown(handle, { clientX: 300 });
    fireEvent.mouseMove(document, { clientX: 350 });
    fireEvent.mouseMove(document, { clientX: 400 });
    fireEvent.mouseUp(document, { clientX: 400 });
    const th = () => screen.getByRole('separator', { name: /Stock/ }).parentElement as HTMLElement;
    expect(th().style.width).toBe('150px');
    expect(JSON.parse(localStorage.getItem('hoppa.columnWidths.test') ?? '{}')).toMatchObject({ stock: 150 });
    first.unmount();
    renderUi(<Screen sales />);
    expect(th().style.width).toBe('150px');
    expect(screen.getByRole('table', { name: 'Products' }).style.tableLayout).toBe('fixed');
  });

  it("gives back the table's own widths from the Columns menu", async () => {
    localStorage.setItem('hoppa.columnWidths.test', JSON.stringify({ stock: 300, name: 'wide' }));
    renderUi(<Screen sales />);
    const th = () => screen.getByRole('separator', { name: /Stock/ }).parentElement as HTMLElement;
    expect(th().style.width).toBe('300px');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset column widths' }));
    expect(th().style.width).toBe('');
    expect(screen.getByRole('table', { name: 'Products' }).style.tableLayout).toBe('');
    expect(JSON.parse(localStorage.getItem('hoppa.columnWidths.test') ?? 'null')).toEqual({});
  });

  it("moves with Previous and Next and says 'Page x of y'", () => {
    renderUi(<Screen sales total={5} />);
    const prev = screen.getByRole<HTMLButtonElement>('button', { name: /Previous page|Vorige pagina/ });
    const next = screen.getByRole<HTMLButtonElement>('button', { name: /Next page|Volgende pagina/ });
    expect(prev.disabled).toBe(true);
    expect(screen.getByText(/(Page|Pagina) 1 (of|van) 3/)).toBeTruthy();
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText(/(Page|Pagina) 3 (of|van) 3/)).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(prev.disabled).toBe(false);
    expect(screen.getByTestId('state').textContent).toBe('name 3');
  });
});
