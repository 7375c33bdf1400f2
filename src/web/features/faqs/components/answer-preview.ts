const ANSWER_PREVIEW_CHARS = 120;
/** The answer as plain text for the table: Markdown marks, links and tags dropped, then cut to 120 characters. */
export function answerPreview(markdown: string): string {
  const text = markdown
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|\*|`)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > ANSWER_PREVIEW_CHARS ? `${text.slice(0, ANSWER_PREVIEW_CHARS)}...` : text;
}
