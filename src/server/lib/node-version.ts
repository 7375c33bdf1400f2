/**
 * The Node.js version JotIt needs (package.json `engines`, the README): `npm install` only warns about an engine
 * mismatch, and on an older Node the server starts and runs many times slower (the launch-day load test: p99 1.9 s
 * on Node 20 against 138 ms on Node 24, issue 35). So the server says so in its first line, once, and goes on.
 */

/** package.json `engines.node` (>=22.13), as [major, minor]; node-version.test.ts holds the two to the same value. */
export const REQUIRED_NODE: readonly [number, number] = [22, 13];
export const RECOMMENDED_NODE = '24 LTS';

/** The warning for `version` (`process.version`, e.g. `v20.20.2`), or undefined when it is recent enough. */
export function nodeVersionWarning(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10));
  const [requiredMajor, requiredMinor] = REQUIRED_NODE;
  if (major > requiredMajor || (major === requiredMajor && minor >= requiredMinor)) return undefined;
  return `Warning: JotIt needs Node.js ${requiredMajor}.${requiredMinor} or later (${RECOMMENDED_NODE} recommended); this is ${version}. It may run many times slower or fail.`;
}
