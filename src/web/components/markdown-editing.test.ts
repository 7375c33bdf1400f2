/**
 * The Markdown editor's keys, run the way the editor runs them: the Enter and Backspace bindings its extensions put
 * in CodeMirror's keymap, highest precedence first, then a plain line break (the editor's default keymap).
 */
import { EditorState, type EditorView, keymap } from '@uiw/react-codemirror';
import { describe, expect, it } from 'vitest';
import { markdownEditing } from './markdown-editing';

/** `|` marks the cursor. Returns the document after the key, with the cursor marked. */
function press(key: 'Enter' | 'Backspace', text: string): string {
  const cursor = text.indexOf('|');
  let state = EditorState.create({
    doc: text.replace('|', ''),
    selection: { anchor: cursor },
    extensions: markdownEditing,
  });
  const view = {
    state,
    dispatch: (transaction: { state: EditorState }) => (state = transaction.state),
  } as unknown as EditorView;
  const handled = state
    .facet(keymap)
    .flat()
    .some((binding) => binding.key === key && binding.run?.(view));
  if (!handled) state = state.update(state.replaceSelection(key === 'Enter' ? '\n' : '')).state;
  const head = state.selection.main.head;
  return `${state.doc.sliceString(0, head)}|${state.doc.sliceString(head)}`;
}

/** Types `keys` (Enter as `\n`) from the cursor, as a person would. */
function type(text: string, keys: string): string {
  let result = text;
  for (const character of keys) {
    result = character === '\n' ? press('Enter', result) : result.replace('|', `${character}|`);
  }
  return result;
}

describe('Markdown editing keys', () => {
  it('continues a list and leaves it with one Enter on the empty item, a blank line closing it (GitHub)', () => {
    expect(type('|', '- one\ntwo\n\nAfter')).toBe('- one\n- two\n\nAfter|');
    // The second item empty: CodeMirror's default made the list loose instead of leaving it.
    expect(press('Enter', '- one\n- |')).toBe('- one\n\n|');
    expect(type('|', '1. first\nsecond\n\nDone')).toBe('1. first\n2. second\n\nDone|');
  });

  it('moves an empty nested item up a level, and keeps an item that has text', () => {
    expect(press('Enter', '- one\n  - |')).toBe('- one\n- |');
    expect(press('Enter', '- one|')).toBe('- one\n- |');
    expect(press('Enter', '> quoted|')).toBe('> quoted\n> |');
  });

  it('leaves a marker inside a code block alone', () => {
    expect(press('Enter', '```\n- |')).toBe('```\n- \n|');
  });
});
