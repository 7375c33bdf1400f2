/**
 * Plain-text + HTML e-mail bodies for the marketing site's messages (download link, feedback, contact,
 * invitation). Unlike `textToHtml` (jobs/mail.ts), which turns every URL into a link, text here is escaped and
 * never linkified: what a visitor typed must not become a clickable link in a message sent from our domain.
 * Only the links we choose (`{ href }`) are clickable.
 */
export type EmailBlock =
  | string
  | { href: string; label: string }
  /** Someone's own words (a personal message, a feedback text), set apart. */
  | { quote: string };

export interface EmailContent {
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One line for a Subject header: no line breaks (header injection) and no runaway length. */
export function headerLine(value: string, max = 150): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

export function renderEmail(blocks: readonly EmailBlock[]): EmailContent {
  const text = blocks
    .map((block) => {
      if (typeof block === 'string') return block;
      if ('href' in block) return `${block.label}:\n${block.href}`;
      return block.quote
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    })
    .join('\n\n');
  const body = blocks
    .map((block) => {
      if (typeof block === 'string') return paragraph(block);
      if ('href' in block) {
        return (
          `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#4f46e5;` +
          `color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p>`
        );
      }
      return (
        '<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #c7d2fe;color:#334155">' +
        `${escapeHtml(block.quote).replace(/\n/g, '<br>')}</blockquote>`
      );
    })
    .join('\n');
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a;max-width:560px">' +
    `${body}</body></html>`;
  return { text, html };
}
