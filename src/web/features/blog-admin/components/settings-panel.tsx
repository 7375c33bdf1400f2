/**
 * Where the post editor's Settings live (issue 37, decision 0072): a side panel beside the writing area from 768 px
 * — over the text's right edge below 1280 px, where the admin sidebar leaves too little room, docked beside it from
 * 1280; below the editor's top bar either way (its height in --editor-bar-height) — and a sheet from the bottom on a
 * phone. The editor's Settings button opens and closes it; Esc and the
 * sheet's Close close the sheet, and focus goes back to the button (the Sheet primitive, decision 0052).
 */
import { XIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { useMediaQuery } from '~/lib/use-media-query';

export const SETTINGS_PANEL_ID = 'post-settings-panel';
const DESCRIPTION = 'Publish date, category, tags, author, ads and related posts.';

export function SettingsPanel({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}) {
  const isWide = useMediaQuery('(min-width: 768px)');
  const panelRef = useRef<HTMLElement>(null);
  // Esc inside the side panel closes it, as it closes the sheet (a select or a date picker inside handles its own).
  const isPanelOpen = isWide && open;
  useEffect(() => {
    const panel = panelRef.current;
    if (!isPanelOpen || !panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onOpenChange(false);
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, [isPanelOpen, onOpenChange]);
  if (!isWide) {
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent id={SETTINGS_PANEL_ID} side="bottom" className="max-h-[85dvh] gap-0 rounded-t-xl">
          <SheetHeader className="border-b">
            <SheetTitle>Settings</SheetTitle>
            <SheetDescription>{DESCRIPTION}</SheetDescription>
          </SheetHeader>
          <div className="relative min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }
  if (!open) return null;
  return (
    <aside
      id={SETTINGS_PANEL_ID}
      aria-labelledby="post-settings-heading"
      className="fixed top-[calc(3.5rem+var(--editor-bar-height,0px))] right-0 bottom-0 z-30 flex w-80 flex-col border-l bg-background shadow-lg xl:sticky xl:right-auto xl:bottom-auto xl:h-[calc(100dvh-3.5rem-var(--editor-bar-height,0px))] xl:shrink-0 xl:shadow-none"
      ref={panelRef}
    >
      <div className="flex items-start justify-between gap-2 border-b p-4">
        <div className="flex flex-col gap-1">
          <h2 id="post-settings-heading" className="font-semibold">
            Settings
          </h2>
          <p className="text-sm text-muted-foreground">{DESCRIPTION}</p>
        </div>
        <Button type="button" variant="ghost" size="icon" aria-label="Close settings" onClick={() => onOpenChange(false)}>
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      {/* Positioned: the form's hidden native inputs (Radix's) are placed inside the scrolling area, not past the
          panel's end, where they made the page taller. */}
      <div className="relative min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
    </aside>
  );
}
