/**
 * A campaign's history (issue 39 §1, decision 0080): its revisions, one revision's fields, a restore (a new save of
 * them, with the version the editor read) and the editor's autosave (an autosave revision; the live landing page
 * never changes), and what the History panel and the conflict dialog call a campaign and compare of it.
 */
import type { AutosaveCampaign, Campaign } from '../../../../shared/schemas/campaigns';
import type { CampaignRevision, CampaignRevisionFields } from '../../../../shared/schemas/revisions';
import { type DocumentHistory, documentHistoryApi, documentText } from '~/lib/document-versions';
import { campaignKeys, useCampaign } from './campaigns';

export const campaignRevisions = documentHistoryApi<number, CampaignRevision, Campaign, AutosaveCampaign>({
  path: (campaignId) => `/api/campaigns/${campaignId}`,
  key: campaignKeys.revisions,
  invalidates: campaignKeys.all,
});

export const campaignHistory: DocumentHistory<number, CampaignRevisionFields, Campaign> = {
  noun: 'campaign',
  restores: 'name, description, conversion goal and landing page content',
  keeps: 'active or inactive',
  saveFailed: 'Failed to save campaign',
  // In the editor's order.
  textOf: ({ name, description, conversionGoal, landingPageContent }) =>
    documentText(name, description, conversionGoal, landingPageContent),
  api: campaignRevisions,
  useSaved: useCampaign,
};
