/**
 * What a screen that works only with JavaScript shows without it: a clear sentence in place of the parts that cannot
 * work (`hides`, a CSS selector: a spinner that would turn for ever, a form whose button cannot act). React renders
 * <noscript> on the server only, so with JavaScript on none of this is in the page (the banner's close control,
 * banner-strip.tsx, does the same).
 */
import { cn } from '~/lib/utils';

export const NEEDS_JAVASCRIPT_MESSAGE = 'This page needs JavaScript. Turn it on in your browser and reload the page.';

export function NeedsJavaScript({ hides, className }: { hides: string; className?: string }) {
  return (
    <noscript>
      <style>{`${hides}{display:none}`}</style>
      <p className={cn('text-center text-muted-foreground', className)}>{NEEDS_JAVASCRIPT_MESSAGE}</p>
    </noscript>
  );
}
