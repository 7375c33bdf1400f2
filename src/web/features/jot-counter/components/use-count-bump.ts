import { useEffect, useState } from 'react';
import { COUNT_ANIMATION_MS } from '../../../../shared/constants';

/**
 * Spec §4: when a polled count rises above the previous one, a 500 ms animation flag is set.
 * `bumpId` changes with every rise, so a caller can re-key the number and restart the CSS animation.
 */
export function useCountBump(count: number | undefined): { isBumping: boolean; bumpId: number } {
  const [previous, setPrevious] = useState(count);
  const [bumpId, setBumpId] = useState(0);
  const [isBumping, setIsBumping] = useState(false);

  // Adjusting state while rendering when the prop changed (React's documented pattern; no effect round trip).
  if (count !== previous) {
    setPrevious(count);
    if (count !== undefined && previous !== undefined && count > previous) {
      setIsBumping(true);
      setBumpId((id) => id + 1);
    }
  }

  useEffect(() => {
    if (!isBumping) return;
    const timer = setTimeout(() => setIsBumping(false), COUNT_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [isBumping, bumpId]);

  return { isBumping, bumpId };
}
