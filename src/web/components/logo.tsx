import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/brand';
import { cn } from '~/lib/utils';

/** The JotIt mark: a note with a spark, drawn inline so it costs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect x="3" y="3" width="26" height="26" rx="7" className="fill-primary" />
      <path d="M10 11h9M10 16h12M10 21h7" stroke="white" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="23.5" cy="21" r="3" className="fill-accent" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 rounded-md font-bold tracking-tight', className)}>
      <LogoMark />
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}
