import { MenuIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';

/**
 * The ☰ button that opens a navigation drawer under 768 px (the site's and the admin's): it says what it opens and
 * whether it is open, and the drawer gives focus back to it (pass its `ref`).
 */
export function MenuButton({
  label,
  isOpen,
  className,
  ...props
}: Omit<ComponentProps<typeof Button>, 'children'> & { label: string; isOpen: boolean }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn(className, 'md:hidden')}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      {...props}
    >
      <MenuIcon aria-hidden="true" />
    </Button>
  );
}
