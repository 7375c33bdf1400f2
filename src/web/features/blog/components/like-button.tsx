import { HeartIcon } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '~/components/ui/button';
import { apiRequest } from '~/lib/api-client';
import type { BlogLikeResult, BlogViewResult } from '../../../../shared/schemas/blog';

const LIKED_KEY = 'jotit_liked_posts';

function likedPosts(): string[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(LIKED_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function remember(postId: string, liked: boolean) {
  try {
    const next = likedPosts().filter((id) => id !== postId);
    if (liked) next.push(postId);
    window.localStorage.setItem(LIKED_KEY, JSON.stringify(next.slice(-500)));
  } catch {
    // Storage full or blocked: the server still counts one like per visitor.
  }
}

function subscribeToStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * Like with its count (once per visitor, undo allowed). The page is cached for everyone, so whether this browser
 * liked the post is read from local storage after hydration; the server keeps the real rule (one like per visitor, by address; decision 0021).
 */
export function LikeButton({ postId, initialCount }: { postId: string; initialCount: number }) {
  const [count, setCount] = useState(initialCount);
  const stored = useSyncExternalStore(subscribeToStorage, () => likedPosts().includes(postId), () => false);
  const [choice, setLiked] = useState<boolean | null>(null);
  const liked = choice ?? stored;
  const [busy, setBusy] = useState(false);

  // Counts the view once the page is shown (the server counts once per visitor per day, never bots) and takes the
  // current like count from the answer: the page itself may come from the page cache.
  useEffect(() => {
    let active = true;
    apiRequest<BlogViewResult>(`/api/blog-posts/${postId}/view`, { method: 'POST', anonymous: true })
      .then((result) => {
        if (active) setCount(result.likeCount);
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [postId]);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      const result = await apiRequest<BlogLikeResult>(`/api/blog-posts/${postId}/like`, { method: liked ? 'DELETE' : 'POST', anonymous: true });
      setLiked(result.liked);
      setCount(result.likeCount);
      remember(postId, result.liked);
    } catch {
      // Rate-limited or offline: the button keeps its state.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={liked ? 'default' : 'outline'} onClick={toggle} disabled={busy} aria-pressed={liked} aria-label={liked ? `Unlike (${count} likes)` : `Like (${count} likes)`}>
      <HeartIcon aria-hidden="true" className={liked ? 'fill-current' : undefined} />
      <span>{liked ? 'Liked' : 'Like'}</span>
      <span aria-hidden="true" className="tabular-nums" data-testid="like-count">
        {count}
      </span>
    </Button>
  );
}
