/**
 * The portal's charts (spec 1 §2 Home dashboard column chart, pick/pack report, Scoreboard), on Mantine Charts
 * (recharts underneath). This module and its styles are loaded only through lazy-charts.tsx, so recharts stays out of
 * the first load (ADR 0033, ADR 0042). Texts come in as props: the charts know no namespace.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ReactNode } from 'react';

/** Colours of the people (or order types) of a stacked chart, in order; repeats after eight. */
const PALETTE = ['brand.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'yellow.6', 'pink.6', 'lime.6'];

/** One bar series per key: a person of a report or an order type, with its label. */
export interface ChartSeries {
  name: string;
  label?: string;
}

/**
 * Columns per category (`dataKey`), one stacked segment per series (spec 1 §2 Scoreboard "stacked columns"; the
 * dashboard's orders per day). `height` in px.
 */
export function StackedColumns({
  data,
  dataKey,
  series,
  height = 260,
  stacked = true,
  legend = true,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  series: ChartSeries[];
  height?: number;
  stacked?: boolean;
  legend?: boolean;
}): ReactNode {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey={dataKey}
      type={stacked ? 'stacked' : 'default'}
      withLegend={legend}
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      gridAxis="y"
      // Counts of pieces and orders: whole numbers on the axis.
      yAxisProps={{ allowDecimals: false }}
      // Every column has its slot; where their labels do not all fit, every n-th is labelled at an even step from the
      // first (07:00, 09:00, 11:00 …), not an uneven last gap ('15:00' then '18:00').
      xAxisProps={{ interval: 'equidistantPreserveStart' }}
      series={series.map((s, i) => ({
        name: s.name,
        label: s.label ?? s.name,
        color: PALETTE[i % PALETTE.length] as string,
      }))}
    />
  );
}
