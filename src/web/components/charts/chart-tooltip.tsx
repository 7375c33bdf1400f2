import type { ReactNode } from 'react';

/** The box of a chart tooltip, in the theme's popover colours (light and dark). */
export function ChartTooltipBox({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="max-w-64 rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md" data-testid="chart-tooltip">
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}
