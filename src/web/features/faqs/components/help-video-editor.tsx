import { AlertTriangleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { type HelpConfig, UpdateHelpConfigSchema, videoEmbedUrl } from '../../../../shared/schemas/help-config';
import { useClearHelpConfig, useHelpConfig, useSaveHelpConfig } from '../api/admin-faqs';
import { HelpVideo } from './help-video';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { Textarea } from '~/components/ui/textarea';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The help page's tutorial video (spec §3 Help config): URL (YouTube or Vimeo), title, description, with a preview. */
export function HelpVideoEditor() {
  const configQuery = useHelpConfig();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Help video</h2>
        </CardTitle>
        <CardDescription>The tutorial on the Help page. Without one, the page has no video section.</CardDescription>
      </CardHeader>
      <CardContent>
        {configQuery.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading the help video...</span>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : configQuery.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
            <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
            <p className="text-destructive">Error loading the help video: {configQuery.error.message}</p>
            <Button variant="outline" onClick={() => void configQuery.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <HelpVideoForm key={configQuery.data?.updatedAt ?? 'none'} config={configQuery.data} />
        )}
      </CardContent>
    </Card>
  );
}

type Field = 'videoUrl' | 'videoTitle' | 'videoDescription';

function HelpVideoForm({ config }: { config: HelpConfig | null }) {
  const id = useId();
  const saveConfig = useSaveHelpConfig();
  const clearConfig = useClearHelpConfig();
  const [values, setValues] = useState({
    videoUrl: config?.videoUrl ?? '',
    videoTitle: config?.videoTitle ?? '',
    videoDescription: config?.videoDescription ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (key: Field, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const embedUrl = videoEmbedUrl(values.videoUrl.trim());
  const previewConfig: HelpConfig | null = embedUrl
    ? { videoUrl: values.videoUrl, embedUrl, videoTitle: values.videoTitle || null, videoDescription: values.videoDescription || null, updatedAt: '' }
    : null;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    // The shared schema: 'Video URL must be a YouTube or Vimeo link'.
    const parsed = UpdateHelpConfigSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await saveConfig.mutateAsync(parsed.data);
      toast.success('Help video saved');
    } catch (error) {
      toast.error('Failed to save help video', { description: serverMessageOr(error, 'Please try again.') });
    }
  }

  async function onRemove() {
    try {
      await clearConfig.mutateAsync();
      toast.success('Help video removed');
    } catch (error) {
      toast.error('Failed to remove help video', { description: serverMessageOr(error, 'Please try again.') });
    }
  }

  const invalid = (key: Field) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {});
  const error = (key: Field) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form onSubmit={onSubmit} noValidate aria-label="Help video" className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-url`}>Video URL</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=… or https://vimeo.com/…"
            value={values.videoUrl}
            onChange={(event) => set('videoUrl', event.target.value)}
            {...invalid('videoUrl')}
          />
          {error('videoUrl') ?? <p className="text-sm text-muted-foreground">YouTube or Vimeo only; embedded privacy-enhanced.</p>}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-title`}>Video Title</Label>
          <Input id={`${id}-title`} value={values.videoTitle} onChange={(event) => set('videoTitle', event.target.value)} {...invalid('videoTitle')} />
          {error('videoTitle')}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-description`}>Video Description</Label>
          <Textarea
            id={`${id}-description`}
            rows={3}
            value={values.videoDescription}
            onChange={(event) => set('videoDescription', event.target.value)}
            {...invalid('videoDescription')}
          />
          {error('videoDescription')}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saveConfig.isPending}>
            {saveConfig.isPending ? 'Saving...' : 'Save Video'}
          </Button>
          {config && (
            <Button type="button" variant="outline" onClick={() => void onRemove()} disabled={clearConfig.isPending}>
              Remove Video
            </Button>
          )}
        </div>
      </form>
      <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-2">
        <h3 id={`${id}-preview`} className="text-sm font-medium">
          Preview
        </h3>
        <HelpVideo config={previewConfig} />
      </section>
    </div>
  );
}
