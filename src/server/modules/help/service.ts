/** The help page's tutorial video (spec §3 Help config): a single record; none means "coming soon". */
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type HelpConfig, type UpdateHelpConfigSchema, videoEmbedUrl } from '../../../shared/schemas/help-config.ts';
import type { Database } from '../../db/client.ts';
import { helpConfig } from '../../db/schema.ts';

function toHelpConfig(row: typeof helpConfig.$inferSelect): HelpConfig {
  return {
    videoUrl: row.videoUrl,
    embedUrl: videoEmbedUrl(row.videoUrl),
    videoTitle: row.videoTitle,
    videoDescription: row.videoDescription,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function currentRow(db: Database) {
  const [row] = await db.select().from(helpConfig).orderBy(asc(helpConfig.id)).limit(1);
  return row;
}

export async function getHelpConfig(db: Database): Promise<HelpConfig | null> {
  const row = await currentRow(db);
  return row ? toHelpConfig(row) : null;
}

export async function saveHelpConfig(
  db: Database,
  input: z.output<typeof UpdateHelpConfigSchema>,
  updatedBy: number | null,
): Promise<HelpConfig> {
  const values = {
    videoUrl: input.videoUrl,
    videoTitle: input.videoTitle || null,
    videoDescription: input.videoDescription || null,
    updatedAt: new Date(),
    updatedBy,
  };
  const existing = await currentRow(db);
  const [row] = existing
    ? await db.update(helpConfig).set(values).where(eq(helpConfig.id, existing.id)).returning()
    : await db.insert(helpConfig).values(values).returning();
  return toHelpConfig(row!);
}

export async function clearHelpConfig(db: Database): Promise<void> {
  await db.delete(helpConfig);
}
