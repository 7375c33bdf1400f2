import type { InputHTMLAttributes } from 'react';

/**
 * The honeypot of every public form: a field people never see or reach (off-screen, hidden from assistive
 * technology, out of the tab order) that bots fill in. The server pretends success when it is filled.
 */
export function Honeypot(props: Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'value'> & {
  ref?: React.Ref<HTMLInputElement>;
}) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden opacity-0">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...props} name={props.name ?? 'website'} />
      </label>
    </div>
  );
}
