/**
 * How the Markdown editor edits (issue 26 §2): Markdown highlighting and CodeMirror's markdown keymap, set so a list
 * ends the way GitHub's editor ends it. Enter continues a list or quote with its marker; Enter on an empty item
 * leaves the list at once (CodeMirror's default first turns a tight list loose, so leaving took three Enters) with
 * a blank line after it, so what is typed next is a new paragraph and not a lazy continuation of the last item; an
 * empty nested item moves up a level; Backspace after a marker takes the markup back (CodeMirror's).
 */
import { deleteMarkupBackward, insertNewlineContinueMarkupCommand, markdown } from '@codemirror/lang-markdown';
import { type Extension, keymap, Prec, type StateCommand, type Transaction } from '@uiw/react-codemirror';

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
    ranges.length === 1 && main.head === line.to && EMPTY_TOP_LEVEL_ITEM.test(line.text) && continued.newDoc.lineAt(cursor).length === 0;
  if (!leftList) {
    dispatch(continued);
    return true;
  }
  dispatch(
    state.update(
      { changes: continued.changes },
      { changes: { from: cursor, insert: state.lineBreak }, selection: { anchor: cursor + state.lineBreak.length }, sequential: true, scrollIntoView: true, userEvent: 'input' },
    ),
  );
  return true;
};

/** The language and keys of every Markdown editor of the site. */
export const markdownEditing: Extension = [
  markdown({ addKeymap: false }),
  Prec.high(
    keymap.of([
      { key: 'Enter', run: insertNewlineInMarkdown },
      { key: 'Backspace', run: deleteMarkupBackward },
    ]),
  ),
];
