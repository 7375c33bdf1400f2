import { ArrowRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuditLogEntry } from '../../../../shared/schemas/audit';
import { actionSentence } from '../action-sentence';
import { actorText, changeRows, entityText, otherDetails } from '../entry-names';
import { entityHref } from '../entity-href';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * One audit entry in a drawer (issue 26 §3): who, what, when, from where, and an update's before/after. Focus
 * goes back to the row's button that opened it (the Sheet primitive does it).
 */
export function AuditEntrySheet({ entry, onOpenChange }: { entry: AuditLogEntry | null; onOpenChange(open: boolean): void }) {
  const changes = entry ? changeRows(entry.details) : [];
  const others = entry ? otherDetails(entry.details) : [];
  const href = entry ? entityHref(entry) : null;
  return (
    <Sheet open={entry !== null} onOpenChange={onOpenChange}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader>
          {/* The whole sentence, names uncut (issue 37 §10). */}
          <SheetTitle className="pr-8 wrap-anywhere">{entry ? actionSentence(entry, { isWhole: true }) : 'Audit entry'}</SheetTitle>
          <SheetDescription className="wrap-anywhere">{entry ? entityText(entry) : 'Details of the entry'}</SheetDescription>
        </SheetHeader>
        {entry && (
          <div className="flex flex-col gap-6 px-4 pb-6">
            <Section title="Entry">
              <Field label="When">
                <time dateTime={entry.createdAt}>{timeFormat.format(new Date(entry.createdAt))}</time>
              </Field>
              <Field label="Actor">{actorText(entry)}</Field>
              {/* The stored code, which the Action filter takes. */}
              <Field label="Action code">
                <code className="text-xs">{entry.action}</code>
              </Field>
              <Field label="IP address">{entry.ipAddress && <span className="font-mono text-xs">{entry.ipAddress}</span>}</Field>
              <Field label="Entity">
                {href ? (
                  <Link to={href} className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline">
                    {entityText(entry)} <ArrowRightIcon aria-hidden="true" className="size-3.5" />
                  </Link>
                ) : (
                  <span className="break-words">
                    {entityText(entry)}
                    {entry.entityDeleted && <span className="text-muted-foreground"> (deleted)</span>}
                  </span>
                )}
              </Field>
            </Section>
            {changes.length > 0 && (
              <section className="flex flex-col gap-2" aria-labelledby="audit-changes-heading">
                <h3 id="audit-changes-heading" className="text-sm font-semibold">
                  Changes
                </h3>
                <div className="rounded-lg border">
                  <table className="w-full table-fixed text-sm">
                    <thead className="bg-muted/50 text-left text-muted-foreground">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Field
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Before
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          After
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map((change) => (
                        <tr key={change.field} className="border-t align-top" data-testid="audit-change">
                          <th scope="row" className="px-3 py-2 text-left font-medium break-words">
                            {change.field}
                          </th>
                          {change.note ? (
                            <td colSpan={2} className="px-3 py-2 text-muted-foreground">
                              {change.note}
                            </td>
                          ) : (
                            <>
                              <td className="px-3 py-2 break-words text-muted-foreground">
                                <del className="no-underline">{change.from}</del>
                              </td>
                              <td className="px-3 py-2 break-words">
                                <ins className="no-underline">{change.to}</ins>
                              </td>
                            </>
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            )}
            {others.length > 0 && (
              <Section title="Recorded">
                {others.map((item) => (
                  <Field key={item.label} label={item.label}>
                    <span className="break-words">{item.value}</span>
                  </Field>
                ))}
              </Section>
            )}
            {entry.isRollup && (
              <p className="text-sm text-muted-foreground">
                Anonymous events are counted per hour, one entry for all of them, so a flood cannot bury the entries that matter.
              </p>
            )}
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children || <span className="text-muted-foreground">—</span>}</dd>
    </>
  );
}
