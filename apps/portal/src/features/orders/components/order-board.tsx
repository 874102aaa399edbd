import { isSingleLineOrder, type OpenOrder, type OpenOrders } from '@hoppa/core';
import { Badge, Box, Button, Group, Title } from '@mantine/core';
import {
  memo,
  type ReactNode,
  type RefObject,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  BOARD_AHEAD_SCREENS,
  BOARD_SLICE_CARDS,
  boardColumns,
  boardFirstCards,
  CARD_GAP,
  cardsShown,
  groupLocationTitle,
  groupPackagingName,
  groupSpan,
  packBoardRows,
} from '../open-orders.rules.ts';

/**
 * The board's width, read before the first paint and then on every resize. `null` until read: the board renders no
 * cards before it knows its columns, so they are laid out once, not in one column and again in several (which cost
 * a second render of every card and moved them on screen: Lighthouse's layout shift on /orders, issue 8). The width
 * is set in a transition, so React renders the cards in slices between which the browser stays responsive, instead
 * of one task of several hundred milliseconds for a board of 100 cards.
 */
function useBoardWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = el.getBoundingClientRect().width;
    startTransition(() => setWidth(first));
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) startTransition(() => setWidth(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The whole board is asked for: find in page (Ctrl+F / ⌘F) or printing. Cards the board has not rendered yet
 * (useCardLimit) are not in the document, so neither the browser's find bar nor a print would see them; on these
 * the board renders all its cards (a print at once, before the print is laid out).
 */
function useWholeBoardAsked(): boolean {
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') startTransition(() => setAsked(true));
    };
    const onPrint = () => flushSync(() => setAsked(true));
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeprint', onPrint);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeprint', onPrint);
    };
  }, [asked]);
  return asked;
}

/**
 * How many cards the board renders: `first` at first (boardFirstCards: the rows of the first screen, following the
 * columns until the board first grows), then BOARD_SLICE_CARDS more per task (the render in a
 * transition) **while the end of the rendered board (`end`) is near the screen** — on it or less than
 * BOARD_AHEAD_SCREENS screen heights below it — until all `total` are in. A board of 79 cards is some 23,000 px tall,
 * of which a screen of 940 px shows two to four cards: rendering all of it on every load was about three quarters of
 * the page's script time on /orders (issue 8, ADR 0109). The rest follows as the packer scrolls towards it, a screen
 * ahead; `whole` (find in page, print) renders everything. Where the end is, is read in the frame after each commit
 * (laid out by then) and after each scroll or resize, only while cards remain. React's transition yields during a
 * render but commits all of it at once, hence the slices (ADR 0071). The limit only grows, so a later list (a filter,
 * a scan narrowing it, a refresh) renders at once up to the cards already shown.
 */
function useCardLimit(
  total: number,
  first: number,
  end: RefObject<HTMLElement | null>,
  whole: boolean,
): number {
  const [grown, setGrown] = useState(0);
  const limit = Math.max(grown, first);
  useEffect(() => {
    if (limit >= total) return;
    const grow = () => startTransition(() => setGrown((l) => Math.max(l, first) + BOARD_SLICE_CARDS));
    if (whole) {
      const next = setTimeout(grow, 0);
      return () => clearTimeout(next);
    }
    let frame = 0;
    let grown = false;
    const check = () => {
      frame = 0;
      const top = end.current?.getBoundingClientRect().top ?? 0;
      if (!grown && top < window.innerHeight * (1 + BOARD_AHEAD_SCREENS)) {
        grown = true;
        grow();
      }
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    soon();
    // Capture: the page may scroll in an element rather than the window; scroll events do not bubble.
    document.addEventListener('scroll', soon, { capture: true, passive: true });
    window.addEventListener('resize', soon);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
    };
  }, [limit, first, total, whole, end]);
  return whole ? Math.max(limit, total) : limit;
}

/**
 * The open orders as a board (spec 1 §2 Open orders list): one section per pick location in walking
 * order, its header (VAK name, order count and packaging name) above its cards. The board fills the width with as
 * many columns of cards as fit (at least 380 px each); a group takes one column per order, up to the
 * whole row, so a run of single-order locations sits side by side and a packer at a 1280–1920 px
 * station sees many orders at once. Groups follow their walking order, except that small groups
 * move up into room a wider group left in an earlier row (packBoardRows). With `onPrintSingles`
 * (the role may batch-ship) a group holding single-line orders offers 'Print single orders'.
 */
export const OrderBoard = memo(function OrderBoard({
  groups,
  renderCard,
  onPrintSingles,
  printingGroup,
  boxes = [],
}: {
  groups: OpenOrders['groups'];
  /** The shipment boxes, for the packaging name in each group header (spec 1 §2). */
  boxes?: readonly { id: string; name: string }[];
  renderCard: (order: OpenOrder) => ReactNode;
  /** Asks to ship the group's single-line orders (`singles`, in list order); absent without the grant. */
  onPrintSingles?: (title: string, singles: OpenOrder[]) => void;
  /** The title of the group whose batch is being shipped, for its button's loading state. */
  printingGroup?: string | null;
}) {
  const { ref, width } = useBoardWidth();
  const columns = boardColumns(width ?? 0);
  const spans = groups.map((g) => groupSpan(g.orders.length, columns));
  const placed = packBoardRows(spans, columns).flat();
  const total = groups.reduce((n, g) => n + g.orders.length, 0);
  const end = useRef<HTMLDivElement>(null);
  const whole = useWholeBoardAsked();
  const limit = useCardLimit(width === null ? 0 : total, boardFirstCards(columns), end, whole);
  const shown = cardsShown(
    placed.map((i) => (groups[i] as OpenOrders['groups'][number]).orders.length),
    limit,
  );
  return (
    // One element in the page's stack (no gap before the end marker).
    <div>
      <Box
        ref={ref}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          columnGap: CARD_GAP,
          rowGap: 'var(--mantine-spacing-lg)',
          alignItems: 'start',
        }}
      >
        {width !== null &&
          placed.map((i, at) => {
            const g = groups[i] as OpenOrders['groups'][number];
            const cards = shown[at] as number;
            // A group comes in with its first card; its header and its place in the grid are there from then on.
            return cards === 0 ? null : (
              <BoardGroup
                key={g.location?.id ?? 'none'}
                group={g}
                span={spans[i] as number}
                cards={cards}
                renderCard={renderCard}
                onPrintSingles={onPrintSingles}
                printingGroup={printingGroup}
                boxes={boxes}
              />
            );
          })}
      </Box>
      {/* The end of the rendered board: while it is near the viewport, the next cards render (useCardLimit). */}
      <div ref={end} aria-hidden="true" />
    </div>
  );
});

/**
 * One pick location's section of the board: its header (VAK name, order count, packaging name, 'Print single orders')
 * and its first `cards` cards. Memoised, so a slice that fills the next groups does not render the finished ones again.
 */
const BoardGroup = memo(function BoardGroup({
  group: g,
  span,
  cards,
  renderCard,
  onPrintSingles,
  printingGroup,
  boxes,
}: {
  group: OpenOrders['groups'][number];
  /** Columns the group takes on the board. */
  span: number;
  /** How many of its cards are rendered so far (useCardLimit). */
  cards: number;
  renderCard: (order: OpenOrder) => ReactNode;
  onPrintSingles?: (title: string, singles: OpenOrder[]) => void;
  printingGroup?: string | null;
  boxes: readonly { id: string; name: string }[];
}) {
  const { t } = useTranslation('orders');
  const title = groupLocationTitle(g.location) ?? t('group.noLocation');
  const singles = onPrintSingles ? g.orders.filter(isSingleLineOrder) : [];
  const packaging = groupPackagingName(g.orders, boxes);
  return (
    <Box component="section" aria-label={title} style={{ gridColumn: `span ${span}`, minWidth: 0 }}>
      <Group
        gap="sm"
        mb="xs"
        pb={6}
        wrap="nowrap"
        style={{ borderBottom: '2px solid var(--mantine-color-brand-2)' }}
      >
        <Title order={2} fz="lg" style={{ whiteSpace: 'nowrap' }}>
          {title}
        </Title>
        {/* The count keeps its width: beside the 'print single orders' button of a four-column board at 1920 px
            it was cut to '1 ORD…' by half a pixel. */}
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {t('group.count', { count: g.count })}
        </Badge>
        {packaging && (
          <Badge variant="outline" color="brand" tt="none" title={t('group.packaging')}>
            {packaging}
          </Badge>
        )}
        {onPrintSingles && singles.length > 0 && (
          <Button
            size="compact-sm"
            variant="light"
            ml="auto"
            loading={printingGroup === title}
            onClick={() => onPrintSingles(title, singles)}
          >
            {t('group.printSingles')}
          </Button>
        )}
      </Group>
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${span}, minmax(0, 1fr))`,
          gap: CARD_GAP,
          alignItems: 'start',
        }}
      >
        {(cards < g.orders.length ? g.orders.slice(0, cards) : g.orders).map((o) => renderCard(o))}
      </Box>
    </Box>
  );
});
