import { PlayCircleIcon } from 'lucide-react';
import type { HelpConfig } from '../../../../shared/schemas/help-config';

/** The tutorial video when one is set (privacy-enhanced player), else a "coming soon" block: the admin preview only (/help shows no video section then, issue 27 §3). */
export function HelpVideo({ config }: { config: HelpConfig | null }) {
  if (config?.embedUrl) {
    const title = config.videoTitle ?? 'Video tutorial';
    return (
      <figure className="flex flex-col gap-3">
        <div className="aspect-video overflow-hidden rounded-2xl border bg-muted shadow-sm">
          <iframe
            src={config.embedUrl}
            title={title}
            loading="lazy"
            className="size-full"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
        {(config.videoTitle || config.videoDescription) && (
          <figcaption className="flex flex-col gap-1">
            {config.videoTitle && <span className="font-semibold">{config.videoTitle}</span>}
            {config.videoDescription && (
              <span className="text-sm text-muted-foreground">{config.videoDescription}</span>
            )}
          </figcaption>
        )}
      </figure>
    );
  }
  return (
    <div className="flex aspect-video flex-col items-center justify-center gap-3 rounded-2xl border bg-gradient-to-br from-primary/10 via-background to-accent/60 p-6 text-center">
      <PlayCircleIcon aria-hidden="true" className="size-12 text-primary" />
      <p className="text-lg font-semibold">Video tutorial coming soon</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        A two-minute walkthrough of installing, capturing your first jot and connecting Google Docs is on its way. Until
        then, the answers on this page cover every step.
      </p>
    </div>
  );
}
