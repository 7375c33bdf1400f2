/**
 * The ⌘K / Ctrl+K palette of the back-office (issue 26 §1): type a few letters, Enter, and the section opens; or
 * type part of an e-mail or a title and a lead, a post or a user is found on the server (record-search.ts) and
 * opens itself — a lead's drawer, a user's dialog, a post's editor — on its screen, filtered to it (issue 37 §5);
 * the records opened last come first. Loaded on first use (admin-shell.tsx). On Esc focus returns to what had
 * it; after a jump it moves to the new screen's <main>, so the next Tab starts there.
 */
import { Command } from 'cmdk';
import { CornerDownLeftIcon, FileTextIcon, LoaderCircleIcon, MailIcon, UserIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { ADMIN_SECTION_GROUPS, type AdminSectionGroup } from './admin-sections';
import { ADMIN_SECTION_ICONS } from './admin-section-icons';
import { openRecordState } from '~/lib/open-record';
import { type FoundRecord, RECORD_KINDS, type RecordKind, recentFirst, recentRecords, rememberRecord, useRecordSearch } from './record-search';

const RECORD_ICONS: Record<FoundRecord['kind'], typeof MailIcon> = { Lead: MailIcon, Post: FileTextIcon, User: UserIcon };
const ITEM_CLASS =
  'group flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm data-[selected=true]:bg-primary/10 data-[selected=true]:text-primary';
const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground';

export default function CommandPalette({
  open,
  onOpenChange,
  sectionGroups = ADMIN_SECTION_GROUPS,
  recordKinds = RECORD_KINDS,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The sections the role may open (decision 0050). */
  sectionGroups?: AdminSectionGroup[];
  /** The records the role may look up. */
  recordKinds?: readonly RecordKind[];
}) {
  const navigate = useNavigate();
  const opener = useRef<HTMLElement | null>(null);
  const didNavigate = useRef(false);
  const [search, setSearch] = useState('');
  const { records: matches, isSearching, isWaiting } = useRecordSearch(search, recordKinds);
  // Read when the palette opens: a record opened since then is remembered for the next time.
  const recent = useMemo(() => (open ? recentRecords(recordKinds) : []), [open, recordKinds]);
  const records = useMemo(() => recentFirst(matches, recent), [matches, recent]);
  const showsRecent = search.trim() === '' && recent.length > 0;
  // The highlighted item. Records arrive after cmdk has picked its first match; when it found none, the first
  // record is highlighted, so Enter opens it.
  const [selected, setSelected] = useState('');
  const firstRecord = records[0] ? `record:${records[0].key}` : '';
  const [seenFirstRecord, setSeenFirstRecord] = useState('');
  if (firstRecord !== seenFirstRecord) {
    setSeenFirstRecord(firstRecord);
    if (firstRecord && !selected) setSelected(firstRecord);
  }
  const go = (to: string) => {
    didNavigate.current = true;
    onOpenChange(false);
    void navigate(to);
  };
  const openRecord = (record: FoundRecord) => {
    rememberRecord(record);
    didNavigate.current = true;
    onOpenChange(false);
    void navigate(record.href, { state: openRecordState(record.id, record.listSearch) });
  };

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
        <DialogDescription className="sr-only">
          Type a section name, or part of a lead's or user's e-mail or a post's title, and press Enter.
        </DialogDescription>
        {/* min-w-0: a grid item (the dialog is a grid) grows to its longest line otherwise, and nothing is cut with "…". */}
        <Command label="Go to" value={selected} onValueChange={setSelected} className="flex min-w-0 flex-col">
          <Command.Input
            value={search}
            onValueChange={setSearch}
            placeholder="Go to a section, or find a lead, post or user…"
            className="h-12 border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Command.List className="max-h-[min(60dvh,24rem)] overflow-y-auto p-2">
            {/* cmdk counts only its own matches: the records found by the server are not among them. */}
            {!isSearching && !isWaiting && records.length === 0 && (
              <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">No section or record matches.</Command.Empty>
            )}
            {isSearching && (
              <Command.Loading className="flex items-center gap-2 px-3 py-2 text-xs text-muted-foreground">
                <LoaderCircleIcon aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" /> Searching leads, posts and users…
              </Command.Loading>
            )}
            {showsRecent && (
              <Command.Group heading="Recent" className={GROUP_CLASS}>
                {recent.map((record) => (
                  <RecordItem key={record.key} record={record} value={`recent:${record.key}`} onSelect={() => openRecord(record)} />
                ))}
              </Command.Group>
            )}
            {sectionGroups.map((group) => (
              <Command.Group
                key={group.title}
                heading={group.title}
                className={GROUP_CLASS}
              >
                {group.sections.map((section) => {
                  const Icon = ADMIN_SECTION_ICONS[section.icon];
                  return (
                    <Command.Item
                      key={section.to}
                      value={section.label}
                      keywords={section.keywords}
                      onSelect={() => go(section.to)}
                      className={ITEM_CLASS}
                    >
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {section.label}
                      <CornerDownLeftIcon aria-hidden="true" className="ml-auto size-3.5 opacity-0 group-data-[selected=true]:opacity-100" />
                    </Command.Item>
                  );
                })}
              </Command.Group>
            ))}
            {records.length > 0 && (
              // Found by the server: always shown (forceMount), and with a value of no words, ranked after any
              // section the words name, so "Users" still opens Users.
              <Command.Group heading="Records" forceMount className={GROUP_CLASS}>
                {records.map((record) => (
                  <RecordItem key={record.key} record={record} value={`record:${record.key}`} forceMount onSelect={() => openRecord(record)} />
                ))}
              </Command.Group>
            )}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

/**
 * One record: its title on the room left, cut with "…" (the whole title is its tooltip, and the option's accessible
 * name reads it all); the kind and a detail (source, status, username) after it, cut too when long.
 */
function RecordItem({ record, value, forceMount, onSelect }: { record: FoundRecord; value: string; forceMount?: boolean; onSelect(): void }) {
  const Icon = RECORD_ICONS[record.kind];
  const detail = `${record.kind}${record.detail ? ` · ${record.detail}` : ''}`;
  return (
    <Command.Item value={value} forceMount={forceMount} onSelect={onSelect} className={ITEM_CLASS}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">{record.kind}: </span>
      <span className="min-w-0 flex-1 truncate" title={record.title}>
        {record.title}
      </span>
      <span className="max-w-[30%] shrink-0 truncate text-xs text-muted-foreground group-data-[selected=true]:text-primary" title={detail}>
        {detail}
      </span>
      <CornerDownLeftIcon aria-hidden="true" className="size-3.5 shrink-0 opacity-0 group-data-[selected=true]:opacity-100" />
    </Command.Item>
  );
}
