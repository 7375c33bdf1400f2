/**
 * Issue 37 §10: every action code the server can write reads as a sentence, never as the code. The codes are read
 * out of the server's source (each is written as a literal `'entity.verb'`), so a new code without a sentence
 * fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES } from '../../../shared/schemas/audit';
import { ACTION_SENTENCES, actionSentence, cutText } from './action-sentence';

const serverRoot = path.resolve(import.meta.dirname, '../../../server');
const CODE = new RegExp(`'((?:${AUDIT_ENTITIES.join('|')})\\.[a-z_]+)'`, 'g');

function serverSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((item) => {
    const file = path.join(directory, item.name);
    if (item.isDirectory()) return serverSources(file);
    return item.name.endsWith('.ts') && !item.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Every `'entity.verb'` literal in the server's code. */
const writtenCodes = [...new Set(serverSources(serverRoot).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(CODE)].map((match) => match[1]!)))].sort();
/** A code as it could show: `blog_post.update`, `lead.download_email`. */
const RAW_CODE = new RegExp(`\\b(?:${AUDIT_ENTITIES.join('|')})\\.[a-z_]+`);

describe('the audit log in words', () => {
  it('finds the codes the server writes', () => {
    expect(writtenCodes.length).toBeGreaterThan(60);
    expect(writtenCodes).toContain('lead.download_email');
  });

  it('has a sentence for every code the server writes, and none for a code it does not', () => {
    expect(Object.keys(ACTION_SENTENCES).sort()).toEqual(writtenCodes);
  });

  it.each(writtenCodes)('%s reads as words, with or without a name, cut and whole', (action) => {
    const entity = action.slice(0, action.indexOf('.'));
    const bare = { action, entity, entityId: null, entityName: null, details: null };
    const named = { action, entity, entityId: '12', entityName: `someone-with-a-very-long-address-indeed-${entity}@example.com`, details: { count: 3 } };
    for (const entry of [bare, named]) {
      for (const isWhole of [false, true]) {
        const sentence = actionSentence(entry, { isWhole });
        expect(sentence).not.toMatch(RAW_CODE);
        expect(sentence).not.toContain(action);
        expect(sentence.trim()).not.toBe('');
      }
    }
    // A long name is cut in the row and whole in the drawer (where the sentence names it at all).
    expect(actionSentence(named)).not.toContain(named.entityName);
    if (actionSentence(named, { isWhole: true }).includes(named.entityName)) expect(actionSentence(named)).toContain('…@example.com');
  });

  it('says what happened to a post and to a lead, as an operator would', () => {
    const post = { entity: 'blog_post', entityId: '7', entityName: 'Hello', details: null };
    expect(actionSentence({ ...post, action: 'blog_post.update', details: { changes: { status: { from: 'draft', to: 'published' } } } })).toBe('Published post “Hello”');
    expect(actionSentence({ ...post, action: 'blog_post.update', details: { changes: { status: { from: 'published', to: 'draft' } } } })).toBe('Unpublished post “Hello”');
    expect(actionSentence({ ...post, action: 'blog_post.update', details: { changes: { title: { from: 'Hi', to: 'Hello' } } } })).toBe('Edited post “Hello”');
    expect(actionSentence({ ...post, action: 'blog_post.create', details: { changes: { status: { from: null, to: 'scheduled' } } } })).toBe('Scheduled post “Hello”');
    const lead = { action: 'lead.download_email', entity: 'lead', entityId: '3', entityName: 'ada@example.com', details: null };
    expect(actionSentence(lead)).toBe('Sent the download e-mail to ada@example.com');
    expect(actionSentence({ ...lead, action: 'user.role_change', entity: 'user', details: { changes: { role: { from: 'user', to: 'editor' } } } })).toBe('Made ada@example.com an editor');
  });

  it('cuts long names with "…", keeping an address\'s domain', () => {
    expect(cutText('short')).toBe('short');
    expect(cutText(`${'a'.repeat(60)}@example.com`)).toBe(`${'a'.repeat(27)}…@example.com`);
    expect(cutText(`${'a'.repeat(60)}@example.com`)).toHaveLength(40);
    expect(cutText('x'.repeat(80))).toBe(`${'x'.repeat(39)}…`);
  });

  it('reads a code from a newer server as words', () => {
    expect(actionSentence({ action: 'banner.archive_all', entity: 'banner', entityId: null, entityName: null, details: null })).toBe('Banner: archive all');
  });
});
