import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminCampaign, type Campaign, CreateCampaignSchema } from '../../../../shared/schemas/campaigns';
import { campaignHistory, campaignRevisions } from '../api/campaign-revisions';
import { useSaveCampaign } from '../api/campaigns';
import { DocumentEditor } from '~/components/document-editor';
import { InputField, SwitchField, TextareaField } from '~/components/form';
import { MarkdownField } from '~/components/markdown-field';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { SlugField } from '~/components/slug-field';

interface CampaignFormValues {
  name: string;
  slug: string;
  description: string;
  conversion_goal: string;
  landing_page_content: string;
  is_active: boolean;
}
type CampaignFormOutput = z.output<typeof CreateCampaignSchema>;

const toFormValues = (campaign: Campaign | null): CampaignFormValues => ({
  name: campaign?.name ?? '',
  slug: campaign?.slug ?? '',
  description: campaign?.description ?? '',
  conversion_goal: campaign?.conversionGoal ?? '',
  landing_page_content: campaign?.landingPageContent ?? '',
  // Spec §4: a campaign is active by default.
  is_active: campaign?.isActive ?? true,
});

/**
 * Create or edit a campaign (issue 12) on the admin kit: name, slug (blank: made from the name), description,
 * conversion goal, the landing page's Markdown with its Preview, Active. The shared schema checks it here as on
 * the server; a slug the server finds taken shows under Slug. A saved campaign keeps its versions (issue 39, decision
 * 0080): History, autosave, and the conflict dialog when someone else saved since it was opened (DocumentEditor).
 */
export function CampaignEditor({ campaign, onDone }: { campaign: AdminCampaign | null; onDone(): void }) {
  const save = useSaveCampaign();
  const form = useForm<CampaignFormValues, unknown, CampaignFormOutput>({
    resolver: zodResolver(CreateCampaignSchema) as unknown as Resolver<CampaignFormValues, unknown, CampaignFormOutput>,
    defaultValues: toFormValues(campaign),
  });

  async function submit(input: CampaignFormOutput, version: number | undefined) {
    // Active is sent only when changed here: a switch from the list since this opened stays (decision 0080).
    const { is_active, ...content } = input;
    const keepsActive = campaign !== null && is_active === campaign.isActive;
    const saved = await save.mutateAsync({ id: campaign?.id ?? null, input: { ...content, ...(keepsActive ? {} : { is_active }), version } });
    toast.success(campaign ? 'Campaign updated successfully!' : 'Campaign created successfully!', {
      description: `“${saved.name}” at /c/${saved.slug}`,
    });
    onDone();
  }

  return (
    <DocumentEditor
      form={form}
      firstField="name"
      heading={(saved) => (saved ? `Edit “${saved.name}”` : 'New campaign')}
      backLabel="All campaigns"
      liveHref={campaign?.isActive ? `/c/${campaign.slug}` : null}
      versions={
        campaign && {
          history: campaignHistory,
          document: campaign,
          fieldsOf: ({ name, description, landing_page_content, conversion_goal }) => ({
            name,
            description,
            landingPageContent: landing_page_content,
            conversionGoal: conversion_goal,
          }),
          valuesOf: (document) => toFormValues(document),
          // A blank name (being retyped) is left out: the revision keeps the saved one, and the rest is still kept.
          autosave: (fields, version) => campaignRevisions.autosave(campaign.id, { ...fields, name: fields.name.trim() || undefined, version }),
        }
      }
      onClose={onDone}
      onSubmit={submit}
      onError={(error) =>
        toast.error('Failed to save campaign', { description: serverMessageOr(error, 'Please try again.') })
      }
      submitLabel={campaign ? 'Update Campaign' : 'Create Campaign'}
    >
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <InputField name="name" label="Name" required placeholder="e.g. Back to School 2026" />
        <SlugField madeFrom="name" livesAt="The landing page lives at /c/" />
        <TextareaField
          name="description"
          label="Description"
          description="Shown under the title and as the meta description."
          rows={2}
        />
        <InputField
          name="conversion_goal"
          label="Conversion goal"
          description="Shown beside the conversion rate in the list."
          placeholder="e.g. Newsletter sign-ups"
        />
      </div>
      <MarkdownField name="landing_page_content" label="Landing page content" />
      <SwitchField
        className="rounded-lg border p-4"
        name="is_active"
        label="Active"
        description="An active campaign's landing page is public."
      />
    </DocumentEditor>
  );
}
