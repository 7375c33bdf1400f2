import { formatLocation } from '../../../../shared/format';
import { JOT_CLIENT_ID_PREVIEW_CHARS, JOT_PAYLOAD_PREVIEW_CHARS } from '../../../../shared/constants';
import type { JotRecord } from '../../../../shared/schemas/jots';
import { Badge } from '~/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Cuts `value` to `max` characters plus '...' (spec §9: payload 30, client id 50). */
export function cut(value: string | null, max: number): string {
  if (!value) return '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

const location = (jot: JotRecord) => formatLocation({ city: jot.senderCity, state: jot.senderState, country: jot.senderCountry });
const none = <span className="text-muted-foreground">—</span>;

/**
 * Spec §2 Jots Records: the decrypted text (admins only ever see this screen), the payload cut to 30 characters,
 * the client id to 50, location, app version, plugin and date. A table from 768 px up, cards below.
 */
export function JotRecords({ jots, caption }: { jots: JotRecord[]; caption: string }) {
  return (
    <>
      <div className="hidden md:block">
        <Table className="text-sm" scrollLabel="Jots">
          <caption className="sr-only">{caption}</caption>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">ID</TableHead>
              <TableHead>Jot</TableHead>
              <TableHead>Payload</TableHead>
              <TableHead>Client ID</TableHead>
              <TableHead>Location</TableHead>
              <TableHead>App Version</TableHead>
              <TableHead>Plugin</TableHead>
              <TableHead>Date</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {jots.map((jot) => (
              <TableRow key={jot.id}>
                <TableCell className="align-top tabular-nums text-muted-foreground">{jot.id}</TableCell>
                <TableCell className="min-w-56 align-top whitespace-normal">
                  <p className="line-clamp-3 break-words" title={jot.jotText ?? undefined}>
                    {jot.jotText ?? none}
                  </p>
                  {jot.protocolVersion !== 'v2' && (
                    <Badge variant="outline" className="mt-1">
                      {jot.protocolVersion}
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="align-top font-mono text-xs" title={jot.payload}>
                  {cut(jot.payload, JOT_PAYLOAD_PREVIEW_CHARS)}
                </TableCell>
                <TableCell className="max-w-40 min-w-24 align-top font-mono text-xs break-words whitespace-normal" title={jot.clientId ?? undefined}>
                  {jot.clientId ? cut(jot.clientId, JOT_CLIENT_ID_PREVIEW_CHARS) : none}
                </TableCell>
                <TableCell className="min-w-32 align-top whitespace-normal">{location(jot)}</TableCell>
                <TableCell className="align-top">{jot.appVersion ?? none}</TableCell>
                <TableCell className="align-top">{jot.plugin ?? none}</TableCell>
                <TableCell className="align-top whitespace-nowrap text-muted-foreground">{dateFormat.format(new Date(jot.createdAt))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={caption}>
        {jots.map((jot) => (
          <li key={jot.id} className="flex flex-col gap-2 rounded-lg border p-4 text-sm">
            <div className="flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
              <span>#{jot.id}</span>
              <span>{dateFormat.format(new Date(jot.createdAt))}</span>
            </div>
            <p className="break-words">{jot.jotText ?? none}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted-foreground">Location</dt>
              <dd>{location(jot)}</dd>
              <dt className="text-muted-foreground">Client ID</dt>
              <dd className="font-mono break-all">{jot.clientId ? cut(jot.clientId, JOT_CLIENT_ID_PREVIEW_CHARS) : '—'}</dd>
              <dt className="text-muted-foreground">App / plugin</dt>
              <dd>
                {jot.appVersion ?? '—'} · {jot.plugin ?? '—'}
              </dd>
              <dt className="text-muted-foreground">Payload</dt>
              <dd className="font-mono break-all">{cut(jot.payload, JOT_PAYLOAD_PREVIEW_CHARS)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
