/**
 * The post editor's route view (/admin/blog/new, /admin/blog/:id/edit; decision 0072): the editor for the post in
 * the URL, so a reload or a shared link opens the same post. A draft this browser kept for that post (a reload, a
 * closed tab) comes back in it. Leaving — a save, Cancel, Back to Posts — returns to the list as it was (its search
 * and status filter) and asks it to give focus back to the post's Edit, or to New Post (returnFocusState).
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '~/lib/toast';
import { loadDraft } from '../post-form';
import { listSearchOf, returnFocusState } from '../editor-navigation';
import PostEditor from './post-editor';
import type { PreviewComponent } from './post-preview';

export function PostEditorScreen({ postId, Preview }: { postId: string | null; Preview: PreviewComponent }) {
  const navigate = useNavigate();
  const location = useLocation();
  const listSearch = listSearchOf(location.state);
  // Read once: the editor keeps the draft up to date from here on.
  const [draft] = useState(() => {
    const stored = loadDraft();
    return stored && stored.postId === postId ? stored : null;
  });

  useEffect(() => {
    if (draft) toast.info('Draft restored', { description: 'Your unsaved changes from this browser are back in the editor.' });
  }, [draft]);

  return (
    <PostEditor
      postId={postId}
      draft={draft}
      Preview={Preview}
      onClose={() => void navigate(`/admin/blog${listSearch}`, { state: returnFocusState(postId) })}
    />
  );
}
