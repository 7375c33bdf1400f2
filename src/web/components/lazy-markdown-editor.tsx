/**
 * The Markdown editor as the screens use it: loaded on first render (CodeMirror, marked and the sanitiser stay out of
 * the admin lists' first JS), its frame held by a skeleton of the same size meanwhile.
 */
import { lazy, Suspense } from 'react';
import type { MarkdownEditorProps } from '~/components/markdown-editor';
import { Skeleton } from '~/components/ui/skeleton';

export const loadMarkdownEditor = () => import('~/components/markdown-editor');

const Editor = lazy(loadMarkdownEditor);

export function LazyMarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<Skeleton data-testid="markdown-editor-loading" className="h-[22rem] w-full" />}>
      <Editor {...props} />
    </Suspense>
  );
}
