/** The help page's tutorial video (spec §3 Help config): a single record; none means "coming soon". */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type HelpConfig, type UpdateHelpConfigSchema, videoEmbedUrl } from '../../../shared/schemas/help-config.ts';
import type { Database } from '../../db/client.ts';
import type { ContentWriteDeps } from '../../lib/content-events.ts';
import type { Executor } from '../../lib/sql.ts';
import { helpConfig } from '../../db/schema.ts';
import { actorUserId, type RequestContext } from '../../services.ts';
import { writeAudit } from '../audit/service.ts';

function toHelpConfig(row: typeof helpConfig.$inferSelect): HelpConfig {
  return {
    videoUrl: row.videoUrl,
    embedUrl: videoEmbedUrl(row.videoUrl),
    videoTitle: row.videoTitle,
    videoDescription: row.videoDescription,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function currentRow(db: Executor) {
  const [row] = await db.select().from(helpConfig).orderBy(asc(helpConfig.id)).limit(1);
  return row;
}

export async function getHelpConfig(db: Database): Promise<HelpConfig | null> {
  const row = await currentRow(db);
  return row ? toHelpConfig(row) : null;
}

export async function saveHelpConfig(
  { db, events }: ContentWriteDeps,
  { actor, meta, input }: RequestContext & { input: z.output<typeof UpdateHelpConfigSchema> },
): Promise<HelpConfig> {
  const values = {
    videoUrl: input.videoUrl,
    videoTitle: input.videoTitle || null,
    videoDescription: input.videoDescription || null,
    updatedAt: new Date(),
    updatedBy: actorUserId(actor),
  };
  const config = await db.transaction(async (tx) => {
    const existing = await currentRow(tx);
    const [row] = existing
      ? await tx.update(helpConfig).set(values).where(eq(helpConfig.id, existing.id)).returning()
      : await tx.insert(helpConfig).values(values).returning();
    await writeAudit(tx, { actor, meta }, {
      action: 'help_config.update',
      details: { videoUrl: row!.videoUrl },
      change: { before: existing ?? {}, after: row! },
    });
    return toHelpConfig(row!);
  });
  events.emit('help');
  return config;
}

export async function clearHelpConfig({ db, events }: ContentWriteDeps, { actor, meta }: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(helpConfig);
    await writeAudit(tx, { actor, meta }, { action: 'help_config.delete' });
  });
  events.emit('help');
}
