import type { TesterRequest } from './api/send-tester-request';

/** A value in single quotes for a POSIX shell: `'` becomes `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The tester's last request as a curl command line a developer can paste into a terminal. */
export function toCurl(request: TesterRequest, origin: string): string {
  const parts = ['curl', '-i'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(shellQuote(new URL(request.path, origin).toString()));
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  for (const [name, value] of Object.entries(headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(JSON.stringify(request.body)));
  return parts.join(' ');
}
