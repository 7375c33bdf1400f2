import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/lib/toast';
import { Button } from '~/components/ui/button';

/** Copies `value` to the clipboard and says so (icon + toast); `label` names what is copied, for screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [isCopied, setIsCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      toast.success('Copied', { description: `${label} copied to the clipboard` });
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast.error('Copy failed', { description: 'Select the text and copy it by hand.' });
    }
  }
  return (
    <Button type="button" variant="outline" size="icon" aria-label={`Copy ${label}`} onClick={() => void copy()}>
      {isCopied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
    </Button>
  );
}
