import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  type HelpConfig,
  type UpdateHelpConfig,
  UpdateHelpConfigSchema,
  videoEmbedUrl,
} from '../../../../shared/schemas/help-config';
import { useClearHelpConfig, useHelpConfig, useSaveHelpConfig } from '../api/admin-faqs';
import { HelpVideo } from './help-video';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Form, InputField, TextareaField } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The help page's tutorial video (spec §3 Help config): URL (YouTube or Vimeo), title, description, with a preview. */
export function HelpVideoEditor() {
  const headingId = useId();
  const configQuery = useHelpConfig();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>Help video</h2>
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

type HelpVideoFormOutput = z.output<typeof UpdateHelpConfigSchema>;

function HelpVideoForm({ config }: { config: HelpConfig | null }) {
  const previewId = useId();
  const saveConfig = useSaveHelpConfig();
  const clearConfig = useClearHelpConfig();
  const [isRemoving, setIsRemoving] = useState(false);
  const form = useForm<UpdateHelpConfig, unknown, HelpVideoFormOutput>({
    resolver: zodResolver(UpdateHelpConfigSchema),
    defaultValues: {
      videoUrl: config?.videoUrl ?? '',
      videoTitle: config?.videoTitle ?? '',
      videoDescription: config?.videoDescription ?? '',
    },
  });
  const { isSubmitting } = form.formState;
  const [videoUrl, videoTitle, videoDescription] = useWatch({
    control: form.control,
    name: ['videoUrl', 'videoTitle', 'videoDescription'],
  });
  const embedUrl = videoEmbedUrl(videoUrl.trim());
  const previewConfig: HelpConfig | null = embedUrl
    ? { videoUrl, embedUrl, videoTitle: videoTitle || null, videoDescription: videoDescription || null, updatedAt: '' }
    : null;

  function remove() {
    clearConfig.mutate(undefined, {
      onSuccess: () => {
        toast.success('Help video removed', {
          description: config?.videoTitle ? `“${config.videoTitle}”` : config?.videoUrl,
        });
        setIsRemoving(false);
      },
      onError: (error) =>
        toast.error('Failed to remove help video', { description: serverMessageOr(error, 'Please try again.') }),
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form
        form={form}
        onSubmit={async (input) => {
          await saveConfig.mutateAsync(input);
          toast.success('Help video saved', {
            description: input.videoTitle ? `“${input.videoTitle}”` : input.videoUrl,
          });
        }}
        onError={(error) =>
          toast.error('Failed to save help video', { description: serverMessageOr(error, 'Please try again.') })
        }
        className="min-w-0"
      >
        <InputField
          name="videoUrl"
          label="Video URL"
          required
          description="YouTube or Vimeo only; embedded privacy-enhanced."
          type="url"
          inputMode="url"
          placeholder="e.g. https://www.youtube.com/watch?v=…"
        />
        <InputField name="videoTitle" label="Video Title" placeholder="e.g. JotIt in two minutes" />
        <TextareaField name="videoDescription" label="Video Description" rows={3} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Video'}
          </Button>
          {config && (
            <Button type="button" variant="outline" onClick={() => setIsRemoving(true)}>
              Remove Video
            </Button>
          )}
        </div>
      </Form>
      <section aria-labelledby={previewId} className="flex min-w-0 flex-col gap-2">
        <h3 id={previewId} className="text-sm font-medium">
          Preview
        </h3>
        <HelpVideo config={previewConfig} />
      </section>
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setIsRemoving}
        title={`Remove the help video${config?.videoTitle ? ` “${config.videoTitle}”` : ''}?`}
        description="The Help page will have no video section until you set one again."
        confirmLabel="Remove Video"
        pendingLabel="Removing..."
        isPending={clearConfig.isPending}
        isDestructive
        onConfirm={remove}
      />
    </div>
  );
}
