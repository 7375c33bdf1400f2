/**
 * How the Markdown editor edits (issue 26 §2): Markdown highlighting and CodeMirror's markdown keymap, set so a list
 * ends the way GitHub's editor ends it. Enter continues a list or quote with its marker; Enter on an empty item
 * leaves the list at once (CodeMirror's default first turns a tight list loose, so leaving took three Enters) with
 * a blank line after it, so what is typed next is a new paragraph and not a lazy continuation of the last item; an
 * empty nested item moves up a level; Backspace after a marker takes the markup back (CodeMirror's).
 */
import { deleteMarkupBackward, insertNewlineContinueMarkupCommand, markdown } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { EditorView, type Extension, keymap, Prec, type StateCommand, type Transaction } from '@uiw/react-codemirror';

/** A top-level list item with nothing after its marker. */
const EMPTY_TOP_LEVEL_ITEM = /^(?:[-*+]|\d{1,9}[.)])[ \t]*$/;

const continueMarkup = insertNewlineContinueMarkupCommand({ nonTightLists: false });

/** Enter: CodeMirror's list continuation; when it removes an empty top-level item, a blank line closes the list. */
export const insertNewlineInMarkdown: StateCommand = ({ state, dispatch }) => {
  let continued: Transaction | undefined;
  if (!continueMarkup({ state, dispatch: (transaction) => (continued = transaction) })) return false;
  if (!continued) return true;
  const { ranges, main } = state.selection;
  const line = state.doc.lineAt(main.head);
  const cursor = continued.newSelection.main.head;
  const leftList =
    ranges.length === 1 &&
    main.head === line.to &&
    EMPTY_TOP_LEVEL_ITEM.test(line.text) &&
    continued.newDoc.lineAt(cursor).length === 0;
  if (!leftList) {
    dispatch(continued);
    return true;
  }
  dispatch(
    state.update(
      { changes: continued.changes },
      {
        changes: { from: cursor, insert: state.lineBreak },
        selection: { anchor: cursor + state.lineBreak.length },
        sequential: true,
        scrollIntoView: true,
        userEvent: 'input',
      },
    ),
  );
  return true;
};

/**
 * The editor drawn in the app's own palette (app.css variables), so it reads the same in light and dark: CodeMirror's
 * default look paints a white editor with colours chosen for white, unreadable in dark mode.
 */
const markdownLook: Extension = [
  EditorView.theme({
    '&': { backgroundColor: 'transparent', color: 'var(--foreground)' },
    '.cm-content': { caretColor: 'var(--foreground)' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--foreground)' },
    '&.cm-focused': { outline: 'none' },
    '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-content ::selection':
      {
        backgroundColor: 'color-mix(in oklab, var(--primary) 30%, transparent)',
      },
    '.cm-gutters': {
      backgroundColor: 'var(--muted)',
      color: 'var(--muted-foreground)',
      borderRight: '1px solid var(--border)',
    },
  }),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.heading, fontWeight: '700' },
      { tag: tags.strong, fontWeight: '700' },
      { tag: tags.emphasis, fontStyle: 'italic' },
      { tag: tags.strikethrough, textDecoration: 'line-through' },
      { tag: [tags.link, tags.url], color: 'var(--primary)', textDecoration: 'underline' },
      { tag: tags.monospace, fontFamily: 'var(--font-mono)' },
      // Markers (#, *, -, >, ```), rules and quotes step back.
      {
        tag: [tags.processingInstruction, tags.contentSeparator, tags.quote, tags.meta],
        color: 'var(--muted-foreground)',
      },
    ]),
  ),
];

/** The language, keys and look of every Markdown editor of the site. */
export const markdownEditing: Extension = [
  markdownLook,
  markdown({ addKeymap: false }),
  Prec.high(
    keymap.of([
      { key: 'Enter', run: insertNewlineInMarkdown },
      { key: 'Backspace', run: deleteMarkupBackward },
    ]),
  ),
];
