import * as React from 'react';
import { Toaster as Sonner } from 'sonner';
import type { ToasterProps } from 'sonner';

type ToasterStyle = React.CSSProperties & Record<`--${string}`, string>;

/*
 * Sonner's own rich colours miss 4.5:1 in places (e.g. warning text on its amber tint), so the
 * palette is overridden here: every text/background pair below is at least 7:1.
 */
const toasterStyle: ToasterStyle = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--success-bg': '#ecfdf5',
  '--success-border': '#a7f3d0',
  '--success-text': '#065f46',
  '--info-bg': '#eef2ff',
  '--info-border': '#c7d2fe',
  '--info-text': '#3730a3',
  '--warning-bg': '#fffbeb',
  '--warning-border': '#fde68a',
  '--warning-text': '#92400e',
  '--error-bg': '#fef2f2',
  '--error-border': '#fecaca',
  '--error-text': '#991b1b',
  '--border-radius': 'var(--radius)',
};

function Toaster({ style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      className="toaster group"
      richColors
      closeButton
      position="top-right"
      style={{ ...toasterStyle, ...style }}
      {...props}
    />
  );
}

export { Toaster };
export type { ToasterProps };
