/**
 * The charts as lazy components (React.lazy): the chart library loads with the first screen that draws one, in its
 * own chunk, never with the first load (the portal's budget, ADR 0033). While it loads, a grey block of the chart's
 * height keeps the page from jumping.
 */
import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';

const StackedColumnsChunk = lazy(() =>
  import('./report-charts.tsx').then((m) => ({ default: m.StackedColumns })),
);

/** {@link import('./report-charts.tsx').StackedColumns}, loaded on first use. */
export function LazyStackedColumns(props: ComponentProps<typeof StackedColumnsChunk>): ReactNode {
  return (
    <Suspense fallback={<Skeleton h={props.height ?? 260} radius="md" />}>
      <StackedColumnsChunk {...props} />
    </Suspense>
  );
}
