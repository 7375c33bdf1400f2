/**
 * The ⌘K / Ctrl+K palette of the back-office (issue 26 §1): type a few letters, Enter, and the section opens.
 * Loaded on first use (admin-shell.tsx). On Esc focus returns to what had it; after a jump it moves to the new
 * screen's <main>, so the next Tab starts there.
 */
import { Command } from 'cmdk';
import { CornerDownLeftIcon } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { ADMIN_SECTION_GROUPS } from './admin-sections';

export default function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const navigate = useNavigate();
  const opener = useRef<HTMLElement | null>(null);
  const didNavigate = useRef(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        className="top-[15%] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl"
        onOpenAutoFocus={() => {
          didNavigate.current = false;
          // Focus has not moved into the dialog yet: this is the button or field the operator was on.
          opener.current = document.activeElement as HTMLElement | null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = didNavigate.current ? document.getElementById('main') : opener.current;
          target?.focus();
          opener.current = null;
        }}
      >
        <DialogTitle className="sr-only">Go to</DialogTitle>
        <DialogDescription className="sr-only">Type a section name and press Enter.</DialogDescription>
        <Command label="Go to" className="flex flex-col">
          <Command.Input
            placeholder="Go to a section…"
            className="h-12 border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Command.List className="max-h-[min(60dvh,24rem)] overflow-y-auto p-2">
            <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">No section matches.</Command.Empty>
            {ADMIN_SECTION_GROUPS.map((group) => (
              <Command.Group
                key={group.title}
                heading={group.title}
                className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
              >
                {group.sections.map((section) => {
                  const Icon = section.icon;
                  return (
                    <Command.Item
                      key={section.to}
                      value={section.label}
                      keywords={section.keywords}
                      onSelect={() => {
                        didNavigate.current = true;
                        onOpenChange(false);
                        void navigate(section.to);
                      }}
                      className="group flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-primary/10 data-[selected=true]:text-primary"
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {section.label}
                      <CornerDownLeftIcon aria-hidden="true" className="ml-auto size-3.5 opacity-0 group-data-[selected=true]:opacity-100" />
                    </Command.Item>
                  );
                })}
              </Command.Group>
            ))}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
