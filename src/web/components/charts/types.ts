/** The data the chart wrappers draw: a day series, or keyed counts per day (stacked). */
export interface DayPoint {
  /** `YYYY-MM-DD` */
  date: string;
  count: number;
}

export interface KeyedDayPoint {
  date: string;
  counts: Record<string, number>;
}

/** What one counted thing is called, for tooltips: `{ one: 'jot', other: 'jots' }` → "8 jots on Nov 26". */
export interface ChartUnit {
  one: string;
  other: string;
}

export interface ChartCommonProps {
  /** The accessible name of the chart (`role="img"`). */
  label: string;
  /** CSS height in px. */
  height?: number;
  unit: ChartUnit;
  /** The last day is today, still being counted: drawn as partial (dashed, lighter) and said so in its tooltip. */
  isLastDayPartial?: boolean;
}

export interface DaySeriesChartProps extends ChartCommonProps {
  data: DayPoint[];
  /** `area` (default) or `line`. */
  variant?: 'area' | 'line';
}

export interface StackedBarsChartProps extends ChartCommonProps {
  data: KeyedDayPoint[];
  /** Stack order, bottom first; each key gets a colour of the palette. */
  keys: string[];
  /** Each key's name for people (legend, tooltip, table); a key without one is shown as it is. */
  keyLabels?: Record<string, string>;
}

/**
 * Series colours with at least 3:1 contrast on both the light card (white) and the dark one (slate-900), so the
 * same palette reads in both themes; the legend text tells them apart too.
 */
export const CHART_COLORS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#64748b', '#db2777'];
