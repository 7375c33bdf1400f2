/**
 * The Content tab's Markdown editor: CodeMirror (`@uiw/react-codemirror` + `@codemirror/lang-markdown`) with a small
 * toolbar — bold, italic, heading, link, list, code and an image upload that inserts `![alt](url)`. This module and
 * CodeMirror load only when an editor opens (React.lazy in post-editor.tsx), so /admin/blog's first JS stays small.
 */
import { markdown } from '@codemirror/lang-markdown';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { BoldIcon, CodeIcon, HeadingIcon, ImageUpIcon, ItalicIcon, LinkIcon, ListIcon, LoaderIcon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useUploadImage } from '../api/upload-image';

const extensions = [
  markdown(),
  EditorView.lineWrapping,
  EditorView.contentAttributes.of({ 'aria-label': 'Content (Markdown)' }),
];

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

/** `![alt](url)` with the file name (without extension) as the alt text, brackets removed. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt =
    fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[[\]]/g, '')
      .trim() || 'image';
  return `![${alt}](${url})`;
}

export default function MarkdownEditor({
  value,
  onChange,
  invalid,
}: {
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
}) {
  const editorRef = useRef<ReactCodeMirrorRef>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();

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

  function onFile(file: File | undefined) {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        apply(() => ({ text: imageMarkdown(file.name, result.url) }));
        toast.success('Image uploaded', { description: 'The image was inserted into the content.' });
      },
      onError: (error) =>
        toast.error('Upload failed', { description: serverMessageOr(error, 'Failed to upload image') }),
      onSettled: () => {
        if (fileRef.current) fileRef.current.value = '';
      },
    });
  }

  return (
    <div
      className="overflow-hidden rounded-md border aria-invalid:border-destructive"
      aria-invalid={invalid || undefined}
    >
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b bg-muted/50 p-1">
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
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Upload image"
          title="Upload image"
          disabled={upload.isPending}
          onClick={() => fileRef.current?.click()}
        >
          {upload.isPending ? (
            <LoaderIcon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <ImageUpIcon aria-hidden="true" />
          )}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-label="Image file"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
      </div>
      <CodeMirror
        ref={editorRef}
        value={value}
        onChange={onChange}
        extensions={extensions}
        minHeight="320px"
        maxHeight="70vh"
        basicSetup={{ foldGutter: false, highlightActiveLine: false }}
        className="text-sm"
      />
    </div>
  );
}
