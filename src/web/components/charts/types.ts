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

export interface ChartCommonProps {
  /** The accessible name of the chart (`role="img"`). */
  label: string;
  /** CSS height in px. */
  height?: number;
}

export interface DaySeriesChartProps extends ChartCommonProps {
  data: DayPoint[];
  /** `area` (default) or `line`. */
  variant?: 'area' | 'line';
  /** Series name in the tooltip. */
  seriesName?: string;
}

export interface StackedBarsChartProps extends ChartCommonProps {
  data: KeyedDayPoint[];
  /** Stack order, bottom first; each key gets a colour of the palette. */
  keys: string[];
}

/** Chart colours that keep contrast on the light card background (and are told apart by the legend text too). */
export const CHART_COLORS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#4b5563', '#db2777'];

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** `2026-03-15` → `Mar 15` (UTC, like the server's days). */
export const formatDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
