/**
 * The shape of a module (decision 0036): every folder of modules/ is one `fastify-plugin` in `modules/<name>/index.ts`,
 * named and listed once in modules/index.ts, after what it depends on; a module registered without its dependency
 * stops the start with a message that names both; services are plain functions and answer rows through apiRow.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { webServicesPlugin } from '../plugins/web-services.ts';
import { MODULES } from './index.ts';
import { jotsModule } from './jots/index.ts';

interface PluginMeta {
  name?: string;
  dependencies?: string[];
}
const metaOf = (plugin: unknown): PluginMeta => (plugin as Record<symbol, PluginMeta>)[Symbol.for('plugin-meta')] ?? {};

/** Registered by app.ts before the modules (src/server/plugins). */
const APP_PLUGINS = ['request-log', 'metrics', 'security', 'rate-limit', 'metrics-route', 'errors', 'auth', 'geoip', 'web-services'];

describe('server modules', () => {
  it('makes every module folder one named plugin in modules/<name>/index.ts, listed once', async () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const listed = MODULES.map((module) => metaOf(module).name);
    for (const folder of folders) {
      const file = path.join(import.meta.dirname, folder, 'index.ts');
      expect(existsSync(file), `${folder}/index.ts`).toBe(true);
      const exported = Object.values((await import(file)) as Record<string, unknown>).filter((value) => typeof value === 'function');
      expect(exported, `${folder}/index.ts exports one plugin`).toHaveLength(1);
      expect(MODULES, `${folder} is registered in modules/index.ts`).toContain(exported[0]);
      expect(existsSync(path.join(import.meta.dirname, folder, 'plugin.ts')), `${folder} has no plugin.ts beside index.ts`).toBe(false);
    }
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('writes every service as plain functions, never a class (decision 0036: one service style)', async () => {
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const serviceFiles = folders.flatMap((folder) =>
      readdirSync(path.join(import.meta.dirname, folder.name))
        .filter((file) => /(^|-)service\.ts$/.test(file))
        .map((file) => path.join(folder.name, file)),
    );
    expect(serviceFiles.length).toBeGreaterThanOrEqual(20);
    for (const file of serviceFiles) {
      const exported = Object.entries((await import(path.join(import.meta.dirname, file))) as Record<string, unknown>);
      const classes = exported.filter(([, value]) => typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value)));
      expect(classes.map(([name]) => `${file}: ${name}`), 'state in memory is a class of its own file, owned by the plugin').toEqual([]);
    }
  });

  it('answers rows with apiRow, never a column copied and its date written out by hand (decision 0074)', () => {
    // Files written before the rule; the list only shrinks (each moves to apiRow when it is next touched).
    const byHandBefore = [
      'audit/service.ts',
      'auth/passkeys.ts',
      'auth/sessions.ts',
      'blog/ads.ts',
      'blog/posts.ts',
      'blog/public-service.ts',
      'blog/taxonomy.ts',
      'help/service.ts',
      'jots/service.ts',
      'leads/admin-service.ts',
      'staff-invitations/service.ts',
      'webhooks/service.ts',
    ];
    // `createdAt: row.createdAt.toISOString(),`: a column under its own name, its date made text by hand.
    const byHand = /^\s+(\w+): row\.\1\??\.toISOString\(\)/m;
    const sources = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(sources.length).toBeGreaterThanOrEqual(100);
    const found = sources.filter((file) => byHand.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')));
    expect(found.filter((file) => !byHandBefore.includes(file.split(path.sep).join('/'))), 'use apiRow (lib/api-row.ts)').toEqual([]);
  });

  it('lists every module after the plugins and modules it depends on', () => {
    const registered = new Set(APP_PLUGINS);
    for (const module of MODULES) {
      const { name, dependencies = [] } = metaOf(module);
      expect(name, 'every module is named').toBeTruthy();
      for (const dependency of dependencies) expect(registered, `${name} depends on ${dependency}`).toContain(dependency);
      registered.add(name!);
    }
  });

  it('refuses to start a module registered without its dependency, naming both', async () => {
    const app = Fastify({ logger: false });
    // Everything the jots module needs but the build-GUID keyring (empty stand-ins: the check runs before the module does).
    for (const name of ['auth', 'rate-limit', 'metrics', 'geoip', 'web-services']) await app.register(fp(async () => {}, { name }));
    await expect(app.register(jotsModule)).rejects.toThrow("The dependency 'build-guids' of plugin 'jots' is not registered");
    await app.close();
  });

  it("names the parts of the pages' data no module provided, and refuses a part provided twice", async () => {
    const app = Fastify({ logger: false });
    app.decorate('services', { config: { publicUrl: 'http://jotit.test', downloadUrl: 'http://jotit.test/d', supportEmail: 's@jotit.test' } } as never);
    await app.register(webServicesPlugin);
    app.provideWebServices({ getJotCount: async () => 1 });
    expect(() => app.provideWebServices({ getJotCount: async () => 2 })).toThrow('web services: "getJotCount" is provided twice');
    expect(() => app.webServices()).toThrow(/^web services: no module provides getPublishedFaqs, getActiveBanners, getHelpConfig, listBlogPosts/);
    await app.close();
  });
});
