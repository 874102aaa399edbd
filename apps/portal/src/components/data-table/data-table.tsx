/**
 * The one data table of the portal's lists (docs/architecture.md, "How to add a screen"): TanStack Table for the
 * model (server-side sorting, column visibility), Mantine for the markup. The server sorts and pages (core
 * `sortQuery` and `pageQuery`); the table shows one page, its sortable headers change the list's `sort` parameter
 * (kept in the URL by the screen), a "Columns" menu hides and shows columns (remembered in this browser), and the
 * pager below moves through the pages with the row range it shows. A `resizable` table's column widths are TanStack
 * Table's column sizing state, dragged with its resize handler and kept per table in this browser.
 */
import {
  Button,
  Checkbox,
  Group,
  Menu,
  Pagination,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  type ColumnDef,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  type RowData,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons.tsx';
import {
  COLUMN_WIDTH_LIMITS,
  draggedWidth,
  nextSort,
  pageRange,
  sortingFromParam,
} from './data-table.rules.ts';
import { columnWidthsKey, isWidth, readStored, useColumnChoice, writeStored } from './use-column-choice.ts';

/** One column of a {@link DataTable}. */
export interface DataColumn<T extends RowData> {
  /** Unique per table; for a sortable column also the server's sort field (core `SHIPMENT_SORTS` …). */
  id: string;
  /** The header text (also the name in the Columns menu). */
  header: string;
  cell: (row: T) => ReactNode;
  /** The server can sort by this column. */
  sortable?: boolean;
  /** First click sorts descending (dates, amounts: newest or largest first). */
  descFirst?: boolean;
  /** The user may hide it (default true); the column that opens a row should stay. */
  hideable?: boolean;
  /** Header shown to screen readers only (an actions column). */
  hiddenHeader?: boolean;
  align?: 'left' | 'right';
}

const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
});

/** Width of the selection column (px). */
const SELECT_WIDTH = 40;

/** What a {@link DataTable} takes: its columns and one page of rows, the paging and sort of the list. */
export interface DataTableProps<T extends RowData> {
  /** Names the table for its remembered column choice (`hoppa.columns.<id>`). */
  id: string;
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Rows of every page (the list's `total`). */
  total: number;
  /** The list counted only up to `total` (its `total_capped`): the range says "of {total}+". */
  totalCapped?: boolean;
  /** 1-based page number and rows per page. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The list's `sort` parameter (`field` or `-field`) and its change; without them no header sorts. */
  sort?: string;
  onSortChange?: (sort: string) => void;
  /** localStorage key of the column choice when the spec names one (default `hoppa.columns.<id>`). */
  storageKey?: string;
  /**
   * Column groups of the Columns menu (spec 3 §2 column-group toggles): each group's switch shows or hides all of its
   * columns, its columns are listed under it; columns in no group are listed after the groups.
   */
  columnGroups?: readonly DataColumnGroup[];
  /** Row selection with a checkbox per row and one for the page (bulk actions); the screen keeps the selected keys. */
  selection?: DataSelection<T>;
  /** Width below which the table scrolls sideways instead of squeezing its columns (px; default 720). */
  minWidth?: number;
  /**
   * Each header gets a handle on its right edge that drags the column's width (or arrow keys on the focused handle,
   * 16 px a press), 50–800 px (spec 3 §9); the widths are kept in this browser per table (`hoppa.columnWidths.<id>`)
   * and the Columns menu gives the table its own widths back (spec 3 §2 Sales dashboard: draggable column widths).
   */
  resizable?: boolean;
  /**
   * How the pages are moved through: numbered page buttons (default), or `prevNext`: Previous and Next with
   * 'Page x of y' between them (spec 3 §2 Sales dashboard).
   */
  pager?: 'pages' | 'prevNext';
}

/** A named group of columns of a {@link DataTable}'s Columns menu. */
export interface DataColumnGroup {
  label: string;
  columns: readonly string[];
}

/** The selection of a {@link DataTable}: the selected row keys (of any page) and how to change them. */
export interface DataSelection<T> {
  selected: ReadonlySet<string>;
  /** Sets the selection of these rows of the page on or off. */
  onChange: (rows: readonly T[], on: boolean) => void;
  /** Accessible name of a row's checkbox ('Select Stroopwafels') and of the page's ('Select all on this page'). */
  rowLabel: (row: T) => string;
  pageLabel: string;
}

/** A server-paged, server-sorted table with column choice; see the file comment. */
export function DataTable<T extends RowData>(props: DataTableProps<T>): ReactNode {
  const { id, label, columns, rows, rowKey, total, page, pageSize, onPageChange, sort, onSortChange } = props;
  const { columnGroups, selection, storageKey, minWidth = 720, totalCapped = false } = props;
  const { resizable = false, pager = 'pages' } = props;
  const { t } = useTranslation('common');
  const [visibility, setVisibility] = useColumnChoice(id, storageKey);
  const widthsKey = columnWidthsKey(id);
  // Read once: TanStack owns the widths from then on (its resize handler reads them synchronously while dragging).
  const [storedWidths] = useState(() => (resizable ? readStored(widthsKey, isWidth) : {}));
  const defs = useMemo<ColumnDef<typeof features, T, unknown>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        cell: (info) => c.cell(info.row.original),
        // The server sorts (manualSorting): TanStack holds the sort state, our headers change it.
        enableSorting: Boolean(c.sortable && onSortChange),
        enableHiding: c.hideable !== false,
        minSize: COLUMN_WIDTH_LIMITS.min,
        maxSize: COLUMN_WIDTH_LIMITS.max,
      })),
    [columns, onSortChange],
  );
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features,
    columns: defs,
    data,
    getRowId: rowKey,
    manualSorting: true,
    state: { sorting: sortingFromParam(sort), columnVisibility: visibility },
    onColumnVisibilityChange: setVisibility,
    initialState: { columnSizing: storedWidths },
    enableColumnResizing: resizable,
    columnResizeMode: 'onChange',
  });
  const sizing = table.state.columnSizing;
  const dragging = table.state.columnResizing.isResizingColumn !== false;
  // Until a width is set the browser sizes the columns by their content; from then on every column has its width.
  const sized = resizable && Object.keys(sizing).length > 0;
  const written = useRef(JSON.stringify(storedWidths));
  useEffect(() => {
    const json = JSON.stringify(sizing);
    // A drag is stored once, when it ends.
    if (!resizable || dragging || json === written.current) return;
    written.current = json;
    writeStored(widthsKey, sizing);
  }, [resizable, dragging, sizing, widthsKey]);
  /**
   * Before the first width is set, every shown column gets the width it has on screen, so that one column changes and
   * the others stay where they are (TanStack's sizes start at 150 px, not at what the browser laid out).
   */
  const holdWidths = (handle: HTMLElement) => {
    if (Object.keys(table.atoms.columnSizing.get()).length > 0) return;
    const handles = handle.closest('tr')?.querySelectorAll<HTMLElement>('[data-column]') ?? [];
    table.setColumnSizing(
      Object.fromEntries(
        [...handles].map((h) => [
          h.dataset.column ?? '',
          draggedWidth(h.parentElement?.getBoundingClientRect().width ?? 0, 0),
        ]),
      ),
    );
  };
  const byId = new Map(columns.map((c) => [c.id, c]));
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const range = pageRange(page, pageSize, total);
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const grouped = new Set(columnGroups?.flatMap((g) => g.columns) ?? []);
  const ungrouped = hideable.filter((c) => !grouped.has(c.id));
  const columnItem = (c: (typeof hideable)[number], indent = false) => (
    <Menu.Item key={c.id} onClick={() => c.toggleVisibility()} pl={indent ? 'xl' : undefined}>
      <Checkbox
        label={byId.get(c.id)?.header ?? c.id}
        checked={c.getIsVisible()}
        readOnly
        size="xs"
        styles={{ input: { cursor: 'pointer' }, label: { cursor: 'pointer' } }}
      />
    </Menu.Item>
  );
  const pageKeys = rows.map(rowKey);
  const pageSelected = selection ? pageKeys.filter((k) => selection.selected.has(k)).length : 0;

  return (
    <>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {range
            ? t(totalCapped ? 'table.rangeCapped' : 'table.range', {
                first: range.first,
                last: range.last,
                total,
              })
            : ''}
        </Text>
        {hideable.length > 0 || resizable ? (
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="xs" leftSection={<Icon name="columns" size={16} />}>
                {t('table.columns')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={480} style={{ overflowY: 'auto' }}>
              {columnGroups?.map((g) => {
                const cols = hideable.filter((c) => g.columns.includes(c.id));
                const shown = cols.filter((c) => c.getIsVisible()).length;
                return (
                  <div key={g.label}>
                    <Menu.Item
                      onClick={() => {
                        const on = shown < cols.length;
                        setVisibility((prev) => ({
                          ...prev,
                          ...Object.fromEntries(cols.map((c) => [c.id, on])),
                        }));
                      }}
                    >
                      <Checkbox
                        label={g.label}
                        checked={cols.length > 0 && shown === cols.length}
                        indeterminate={shown > 0 && shown < cols.length}
                        readOnly
                        size="xs"
                        fw={600}
                        styles={{ input: { cursor: 'pointer' }, label: { cursor: 'pointer' } }}
                      />
                    </Menu.Item>
                    {cols.map((c) => columnItem(c, true))}
                  </div>
                );
              })}
              {ungrouped.map((c) => columnItem(c))}
              {resizable ? (
                <>
                  {hideable.length > 0 ? <Menu.Divider /> : null}
                  <Menu.Item disabled={!sized} onClick={() => table.resetColumnSizing(true)}>
                    {t('table.resetWidths')}
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          striped
          highlightOnHover
          withTableBorder
          aria-label={label}
          style={
            sized
              ? { tableLayout: 'fixed', width: table.getTotalSize() + (selection ? SELECT_WIDTH : 0) }
              : undefined
          }
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {selection ? (
                  <Table.Th w={SELECT_WIDTH}>
                    <Checkbox
                      aria-label={selection.pageLabel}
                      checked={rows.length > 0 && pageSelected === rows.length}
                      indeterminate={pageSelected > 0 && pageSelected < rows.length}
                      onChange={(e) => selection.onChange(rows, e.currentTarget.checked)}
                      size="xs"
                    />
                  </Table.Th>
                ) : null}
                {group.headers.map((header) => {
                  const col = byId.get(header.column.id);
                  const sorted = header.column.getIsSorted();
                  const text = col?.header ?? header.column.id;
                  return (
                    <Table.Th
                      key={header.id}
                      ta={col?.align}
                      // The header's name is its text, not also its handle's ('Width of column …').
                      aria-label={resizable ? text : undefined}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      style={
                        resizable
                          ? {
                              position: 'relative',
                              width: sized ? header.getSize() : undefined,
                              overflow: 'hidden',
                            }
                          : undefined
                      }
                    >
                      {col?.hiddenHeader ? (
                        <VisuallyHidden>{text}</VisuallyHidden>
                      ) : col?.sortable && onSortChange ? (
                        <UnstyledButton
                          onClick={() => onSortChange(nextSort(sort, header.column.id, col?.descFirst))}
                          fw={600}
                          fz="sm"
                        >
                          <Group gap={4} wrap="nowrap">
                            {text}
                            <Icon
                              name={
                                sorted === 'asc'
                                  ? 'chevronUp'
                                  : sorted === 'desc'
                                    ? 'chevronDown'
                                    : 'sortable'
                              }
                              size={14}
                            />
                          </Group>
                        </UnstyledButton>
                      ) : (
                        text
                      )}
                      {resizable ? (
                        // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be dragged; a focusable separator is the ARIA pattern of a splitter
                        <div
                          role="separator"
                          aria-orientation="vertical"
                          aria-label={t('table.resize', { column: text })}
                          aria-valuenow={sized ? header.getSize() : undefined}
                          aria-valuemin={COLUMN_WIDTH_LIMITS.min}
                          aria-valuemax={COLUMN_WIDTH_LIMITS.max}
                          tabIndex={0}
                          className="hoppa-column-resize"
                          data-column={header.column.id}
                          onMouseDown={(e) => {
                            e.preventDefault(); // no text selection while dragging
                            holdWidths(e.currentTarget);
                            header.getResizeHandler()(e);
                          }}
                          onTouchStart={(e) => {
                            holdWidths(e.currentTarget);
                            header.getResizeHandler()(e);
                          }}
                          onKeyDown={(e) => {
                            if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
                            e.preventDefault();
                            holdWidths(e.currentTarget);
                            const column = header.column;
                            const step = e.key === 'ArrowLeft' ? -16 : 16;
                            table.setColumnSizing((w) => ({
                              ...w,
                              [column.id]: draggedWidth(column.getSize(), step),
                            }));
                          }}
                          style={{
                            position: 'absolute',
                            top: 0,
                            right: 0,
                            bottom: 0,
                            width: 8,
                            cursor: 'col-resize',
                            touchAction: 'none',
                            borderRight: `2px solid ${
                              header.column.getIsResizing()
                                ? 'var(--mantine-primary-color-filled)'
                                : 'var(--mantine-color-gray-3)'
                            }`,
                          }}
                        />
                      ) : null}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                bg={selection?.selected.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.rowLabel(row.original)}
                      checked={selection.selected.has(row.id)}
                      onChange={(e) => selection.onChange([row.original], e.currentTarget.checked)}
                      size="xs"
                    />
                  </Table.Td>
                ) : null}
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id} ta={byId.get(cell.column.id)?.align}>
                    <table.FlexRender cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager === 'prevNext' ? (
        <Group justify="center" gap="sm">
          <Button
            variant="default"
            size="xs"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            aria-label={t('table.previous')}
          >
            {t('table.prev')}
          </Button>
          <Text size="sm" aria-live="polite">
            {t('table.pageOf', { page: Math.min(page, pages), pages })}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
            aria-label={t('table.next')}
          >
            {t('table.nextShort')}
          </Button>
        </Group>
      ) : pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            aria-label={t('table.pages')}
            getControlProps={(c) => ({
              'aria-label':
                c === 'previous' ? t('table.previous') : c === 'next' ? t('table.next') : undefined,
            })}
          />
        </Group>
      ) : null}
    </>
  );
}
