/**
 * The one Markdown editor (issue 26 §2) of blog posts, pages, campaign landings and FAQ answers: Write and Preview
 * tabs, a toolbar (bold, italic, heading, link, list, code, image upload inserting `![alt](url)`), CodeMirror with
 * the markdown keymap (markdown-editing.ts: lists continue, an empty item ends them) and a Preview rendered by the
 * public pages' renderer (src/shared/markdown.ts), so it shows what the live page will. This module, CodeMirror and
 * the renderer load only when an editor is first shown (lazy-markdown-editor.tsx), so admin lists stay small.
 *
 * Inside a kit <Field>, the field's id, aria-invalid and aria-describedby reach the editable area.
 *
 * Tab leaves the editor like any other field (issue 37 §4: a keyboard user was trapped in it); "Tab indents" in
 * the toolbar makes Tab indent instead, remembered in this browser. The frame shows the focus ring while the
 * editable area has focus.
 */
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import {
  BoldIcon,
  CodeIcon,
  HeadingIcon,
  ImageUpIcon,
  IndentIncreaseIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
} from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { renderMarkdown } from '../../shared/markdown';
import { ImageUploadButton } from '~/components/image-upload';
import { markdownEditing } from '~/components/markdown-editing';
import { Button } from '~/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { browserSetting } from '~/lib/browser-setting';

export interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  /** The editable area's accessible name. */
  label?: string;
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  /** Marks the frame red without a kit <Field> (which sets aria-invalid). */
  invalid?: boolean;
}

type Edit = (selected: string) => { text: string; cursorFrom?: number; cursorTo?: number };

/** Wraps the selection (or a placeholder, selected so typing replaces it). */
const wrap =
  (before: string, after: string, placeholder: string): Edit =>
  (selected) => {
    const inner = selected || placeholder;
    return { text: `${before}${inner}${after}`, cursorFrom: before.length, cursorTo: before.length + inner.length };
  };

/** Prefixes every selected line (or a new line with a placeholder). */
const prefixLines =
  (prefix: string, placeholder: string): Edit =>
  (selected) => {
    const text = (selected || placeholder)
      .split('\n')
      .map((line) => `${prefix}${line}`)
      .join('\n');
    return { text, cursorFrom: selected ? 0 : prefix.length, cursorTo: text.length };
  };

const TOOLS: { label: string; icon: ReactNode; edit: Edit }[] = [
  { label: 'Bold', icon: <BoldIcon aria-hidden="true" />, edit: wrap('**', '**', 'bold text') },
  { label: 'Italic', icon: <ItalicIcon aria-hidden="true" />, edit: wrap('_', '_', 'italic text') },
  { label: 'Heading', icon: <HeadingIcon aria-hidden="true" />, edit: prefixLines('## ', 'Heading') },
  {
    label: 'Link',
    icon: <LinkIcon aria-hidden="true" />,
    edit: (selected) => {
      const label = selected || 'link text';
      return { text: `[${label}](https://)`, cursorFrom: label.length + 3, cursorTo: label.length + 11 };
    },
  },
  { label: 'List', icon: <ListIcon aria-hidden="true" />, edit: prefixLines('- ', 'List item') },
  {
    label: 'Code',
    icon: <CodeIcon aria-hidden="true" />,
    edit: (selected) =>
      selected.includes('\n') ? wrap('```\n', '\n```', '')(selected) : wrap('`', '`', 'code')(selected),
  },
];

/** Whether Tab indents in the Markdown editors of this browser (off: Tab moves to the next control). */
export const tabIndentsSetting = browserSetting('markdown-editor-tab', ['moves-focus', 'indents'], 'moves-focus');

/** `![alt](url)` with the file name (without extension) as the alt text, brackets removed. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt =
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[[\]]/g, '')
      .trim() || 'image';
  return `![${alt}](${url})`;
}

export function MarkdownEditor({
  value,
  onChange,
  label = 'Content (Markdown)',
  id,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
  invalid,
}: MarkdownEditorProps) {
  const editorRef = useRef<ReactCodeMirrorRef>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [tabMode, setTabMode] = tabIndentsSetting.use();
  const tabIndents = tabMode === 'indents';
  const isInvalid = invalid || ariaInvalid === true || ariaInvalid === 'true';
  const preview = useMemo(() => (tab === 'preview' ? renderMarkdown(value) : ''), [tab, value]);
  const extensions = useMemo(() => {
    const attributes: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'true' };
    if (id) attributes.id = id;
    if (describedBy) attributes['aria-describedby'] = describedBy;
    if (isInvalid) attributes['aria-invalid'] = 'true';
    return [markdownEditing, EditorView.lineWrapping, EditorView.contentAttributes.of(attributes)];
  }, [label, id, describedBy, isInvalid]);

  function apply(edit: Edit) {
    const view = editorRef.current?.view;
    if (!view) return;
    const { from, to } = view.state.selection.main;
    const result = edit(view.state.sliceDoc(from, to));
    view.dispatch({
      changes: { from, to, insert: result.text },
      selection: {
        anchor: from + (result.cursorFrom ?? result.text.length),
        head: from + (result.cursorTo ?? result.text.length),
      },
      scrollIntoView: true,
    });
    view.focus();
  }

  return (
    <Tabs
      value={tab}
      onValueChange={(next) => setTab(next as 'write' | 'preview')}
      className="gap-0 overflow-hidden rounded-md border transition-[color,box-shadow] aria-invalid:border-destructive has-[.cm-focused]:border-ring has-[.cm-focused]:ring-[3px] has-[.cm-focused]:ring-ring/50"
      aria-invalid={isInvalid || undefined}
      data-slot="markdown-editor"
    >
      <div className="flex flex-wrap items-center justify-between gap-1 border-b bg-muted/50 p-1">
        <TabsList className="h-9">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        {tab === 'write' && (
          // No gap on phones: the eight 40 px buttons then fit one row at 375 px, where one wrapped alone.
          <div role="toolbar" aria-label="Formatting" className="flex flex-wrap sm:gap-1">
            {TOOLS.map((tool) => (
              <Button
                key={tool.label}
                type="button"
                variant="ghost"
                size="icon"
                aria-label={tool.label}
                title={tool.label}
                onClick={() => apply(tool.edit)}
              >
                {tool.icon}
              </Button>
            ))}
            <ImageUploadButton
              variant="ghost"
              size="icon"
              aria-label="Upload image"
              title="Upload image"
              fileLabel="Image file"
              icon={<ImageUpIcon aria-hidden="true" />}
              uploadedMessage="The image was inserted into the content."
              onUploaded={(url, file) => apply(() => ({ text: imageMarkdown(file.name, url) }))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Tab indents"
              aria-pressed={tabIndents}
              title={tabIndents ? 'Tab indents (Esc, then Tab, leaves the editor)' : 'Tab moves to the next field'}
              className="aria-pressed:bg-accent aria-pressed:text-accent-foreground"
              onClick={() => setTabMode(tabIndents ? 'moves-focus' : 'indents')}
            >
              <IndentIncreaseIcon aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <TabsContent value="write" className="mt-0">
        <CodeMirror
          ref={editorRef}
          value={value}
          onChange={onChange}
          extensions={extensions}
          indentWithTab={tabIndents}
          minHeight="320px"
          maxHeight="70vh"
          theme="none"
          basicSetup={{ foldGutter: false, highlightActiveLine: false, highlightActiveLineGutter: false }}
          className="text-sm"
        />
      </TabsContent>
      <TabsContent value="preview" className="mt-0 min-h-80 p-4 sm:p-6">
        {value.trim() ? (
          // Rendered and sanitised by the public pages' renderer: a script or event attribute is as inert here as there.
          <div className="prose-jotit" data-preview-content dangerouslySetInnerHTML={{ __html: preview }} />
        ) : (
          <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
        )}
      </TabsContent>
    </Tabs>
  );
}

export default MarkdownEditor;
