import { ArrowLeftIcon } from 'lucide-react';
import { type ComponentType, Suspense, useId, useState } from 'react';
import { type AdminCampaign, CreateCampaignSchema } from '../../../../shared/schemas/campaigns';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import { ApiError, serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useSaveCampaign } from '../api/campaigns';

interface Values {
  name: string;
  slug: string;
  description: string;
  conversion_goal: string;
  landing_page_content: string;
  is_active: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

const toValues = (campaign: AdminCampaign | null): Values => ({
  name: campaign?.name ?? '',
  slug: campaign?.slug ?? '',
  description: campaign?.description ?? '',
  conversion_goal: campaign?.conversionGoal ?? '',
  landing_page_content: campaign?.landingPageContent ?? '',
  is_active: campaign?.isActive ?? true,
});

function toErrors(issues: readonly { path?: readonly PropertyKey[]; field?: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path?.[0] ?? issue.field ?? '') as keyof Values;
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

function Field({ label, error, hint, children }: { label: string; error?: string; hint?: string; children(props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }): React.ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Create or edit a campaign: a page with the blog's Markdown editor for the landing content (issue 12). */
/** The blog's Markdown editor (features/blog-admin), handed in by the route: features do not import each other. */
export type MarkdownEditorComponent = ComponentType<{ value: string; onChange(value: string): void; invalid?: boolean }>;

export function CampaignEditor({ campaign, Editor: MarkdownEditor, onDone }: { campaign: AdminCampaign | null; Editor: MarkdownEditorComponent; onDone(): void }) {
  const [values, setValues] = useState<Values>(() => toValues(campaign));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveCampaign();
  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof Values];
      return next;
    });
  };

  function submit() {
    const body = { ...values, slug: values.slug.trim() || null };
    const parsed = CreateCampaignSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(toErrors(parsed.error.issues));
      toast.error('Failed to save campaign', { description: 'Please correct the highlighted fields.' });
      return;
    }
    save.mutate(
      { id: campaign?.id ?? null, input: body },
      {
        onSuccess: (saved) => {
          toast.success(campaign ? 'Campaign updated successfully!' : 'Campaign created successfully!', { description: `/c/${saved.slug}` });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setErrors({ slug: error.message });
          else if (error instanceof ApiError && Array.isArray(error.details)) setErrors(toErrors(error.details as { field?: string; message: string }[]));
          toast.error('Failed to save campaign', { description: serverMessageOr(error, 'Please try again.') });
        },
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={campaign ? 'Edit campaign' : 'New campaign'}
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="ghost" onClick={onDone}>
          <ArrowLeftIcon aria-hidden="true" /> All campaigns
        </Button>
        <h2 className="text-xl font-semibold">{campaign ? `Edit “${campaign.name}”` : 'New campaign'}</h2>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {(field) => <Input {...field} value={values.name} onChange={(event) => change({ name: event.target.value })} />}
        </Field>
        <Field label="Slug" error={errors.slug} hint="The page's address: /c/{slug}. Empty: made from the name.">
          {(field) => <Input {...field} value={values.slug} placeholder="spring-launch" onChange={(event) => change({ slug: event.target.value })} />}
        </Field>
        <Field label="Description" error={errors.description} hint="Shown under the title and as the meta description.">
          {(field) => <Textarea {...field} rows={2} value={values.description} onChange={(event) => change({ description: event.target.value })} />}
        </Field>
        <Field label="Conversion goal" error={errors.conversion_goal} hint="Shown beside the conversion rate in the list.">
          {(field) => <Input {...field} value={values.conversion_goal} placeholder="Download sign-ups" onChange={(event) => change({ conversion_goal: event.target.value })} />}
        </Field>
      </div>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">Landing page content (Markdown)</span>
        <Suspense fallback={<Skeleton className="h-80 w-full" />}>
          <MarkdownEditor value={values.landing_page_content} invalid={Boolean(errors.landing_page_content)} onChange={(landing_page_content) => change({ landing_page_content })} />
        </Suspense>
        {errors.landing_page_content && <p className="text-sm text-destructive">{errors.landing_page_content}</p>}
      </div>
      <div className="flex items-center gap-3">
        <Switch id="campaign-active" checked={values.is_active} onCheckedChange={(is_active) => change({ is_active })} />
        <Label htmlFor="campaign-active">Active (the landing page is public)</Label>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : campaign ? 'Update Campaign' : 'Create Campaign'}
        </Button>
      </div>
    </form>
  );
}
