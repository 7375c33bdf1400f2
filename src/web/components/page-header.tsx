import type { ReactNode, Ref } from 'react';
import { cn } from '~/lib/utils';

/** The heading block every page starts with. */
export function PageHeader({
  title,
  description,
  eyebrow,
  actions,
  actionsRef,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: ReactNode;
  actions?: ReactNode;
  /** The actions box as a portal target (the admin shell's header buttons come from inside its gate). */
  actionsRef?: Ref<HTMLDivElement>;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="flex flex-col gap-2">
        {eyebrow && <p className="text-sm font-semibold text-primary">{eyebrow}</p>}
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {description && <p className="max-w-2xl text-muted-foreground text-pretty">{description}</p>}
      </div>
      {(actions || actionsRef) && (
        <div ref={actionsRef} className="flex flex-wrap gap-2 empty:hidden">
          {actions}
        </div>
      )}
    </div>
  );
}
