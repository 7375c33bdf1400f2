import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionWarning, REQUIRED_NODE } from './node-version.ts';

describe('nodeVersionWarning', () => {
  it('names the required and recommended versions and the running one when Node is older', () => {
    expect(nodeVersionWarning('v20.20.2')).toBe(
      'Warning: JotIt needs Node.js 22.13 or later (24 LTS recommended); this is v20.20.2. It may run many times slower or fail.',
    );
    expect(nodeVersionWarning('v22.12.0')).toContain('this is v22.12.0');
    expect(nodeVersionWarning('v18.20.0')).toBeDefined();
  });

  it('says nothing on the required version or later', () => {
    for (const version of ['v22.13.0', 'v22.20.1', 'v23.0.0', 'v24.21.0', 'v25.1.0']) expect(nodeVersionWarning(version)).toBeUndefined();
  });

  it('holds the same minimum as package.json engines', () => {
    const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(`>=${REQUIRED_NODE.join('.')}`);
  });
});
