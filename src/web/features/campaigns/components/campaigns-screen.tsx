import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLinkIcon, RocketIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import type { AdminCampaign } from '../../../../shared/schemas/campaigns';
import {
  actionsColumn,
  ContentCard,
  ContentList,
  contentListSetup,
  figureColumn,
  nameColumn,
  statusColumn,
  StatusSwitch,
  useContentList,
} from '~/components/content-list';
import { DataTableRowActions } from '~/components/data-table-row-actions';
import { DocumentListScreen } from '~/components/document-editor';
import { Button } from '~/components/ui/button';
import { useInPageEditor } from '~/lib/return-focus';
import { useCampaigns, useDeleteCampaign, useSaveCampaign } from '../api/campaigns';
import { CampaignEditor } from './campaign-editor';

/** The list's state in the URL (`?q=launch&active=true&page=2`), 20 a page. */
const CAMPAIGNS = contentListSetup('active', 'All campaigns', 20);

const rate = (campaign: AdminCampaign) => (campaign.conversionRate === null ? '—' : `${campaign.conversionRate}%`);

/**
 * /admin/campaigns on the admin DataTable: search and active filter in the URL, 30-day figures, active toggle and
 * delete (each asks first), or the campaign editor in the list's place; the list stays mounted (hidden) under the
 * editor, so closing it gives focus back to its opener.
 */
export function CampaignsScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const editor = useInPageEditor<AdminCampaign | 'new'>();
  const list = useContentList(CAMPAIGNS, useCampaigns);
  const columns = useMemo(() => campaignColumns(editor.open), [editor.open]);

  return (
    <DocumentListScreen
      editor={editor}
      Actions={Actions}
      newLabel="New Campaign"
      renderEditor={(campaign) => <CampaignEditor campaign={campaign} onDone={editor.close} />}
    >
      <ContentList
        {...list}
        title="Campaigns"
        noun="campaigns"
        description="Unique visitors (each counted once a day, bots not counted) and leads over the last 30 days; conversion = leads ÷ unique visitors."
        search={{ label: 'Search campaigns', placeholder: 'Search name, slug or description' }}
        columns={columns}
        rowTestId="campaign"
        renderCard={(campaign) => <CampaignCard campaign={campaign} onEdit={editor.open} />}
        empty={{
          icon: RocketIcon,
          title: 'No campaigns yet.',
          children: <p className="text-sm text-muted-foreground">Create a landing page for your next launch.</p>,
        }}
      />
    </DocumentListScreen>
  );
}

/** Campaign, Unique visitors (30 d), Leads (30 d), Conversion, Active, Actions. */
function campaignColumns(
  onEdit: (campaign: AdminCampaign) => void,
): Array<ColumnDef<AdminCampaign, unknown> & { id: string }> {
  return [
    nameColumn('campaign', 'Campaign', (campaign) => (
      <>
        {campaign.name}
        <div className="text-xs font-normal text-muted-foreground">/c/{campaign.slug}</div>
      </>
    )),
    figureColumn('visits30d', 'Unique visitors (30 d)', (campaign) => campaign.visits30d),
    figureColumn('leads30d', 'Leads (30 d)', (campaign) => campaign.leads30d),
    {
      id: 'conversion',
      header: 'Conversion',
      meta: { label: 'Conversion', cellClassName: 'whitespace-normal' },
      cell: ({ row }) => (
        <>
          <span className="font-medium tabular-nums">{rate(row.original)}</span>
          {row.original.conversionGoal && (
            <div className="text-xs wrap-anywhere text-muted-foreground">Goal: {row.original.conversionGoal}</div>
          )}
        </>
      ),
    },
    statusColumn('active', (campaign) => <ActiveSwitch campaign={campaign} />),
    actionsColumn((campaign) => <CampaignActions campaign={campaign} onEdit={onEdit} />),
  ];
}

/** A campaign under 768 px: name and address, the three figures, the goal, then its state and actions. */
function CampaignCard({ campaign, onEdit }: { campaign: AdminCampaign; onEdit(campaign: AdminCampaign): void }) {
  return (
    <ContentCard
      title={campaign.name}
      subtitle={`/c/${campaign.slug}`}
      figures={[
        ['Unique visitors', campaign.visits30d],
        ['Leads', campaign.leads30d],
        ['Conversion', rate(campaign)],
      ]}
      kind="active"
      isOn={campaign.isActive}
      statusSwitch={<ActiveSwitch campaign={campaign} />}
      actions={<CampaignActions campaign={campaign} onEdit={onEdit} />}
    >
      {campaign.conversionGoal && (
        <p className="text-sm wrap-anywhere text-muted-foreground">Goal: {campaign.conversionGoal}</p>
      )}
    </ContentCard>
  );
}

function ActiveSwitch({ campaign }: { campaign: AdminCampaign }) {
  const save = useSaveCampaign();
  return (
    <StatusSwitch
      kind="active"
      name={campaign.name}
      isOn={campaign.isActive}
      effects={[
        `Its landing page /c/${campaign.slug} becomes public.`,
        `Its landing page /c/${campaign.slug} will answer 404. Its leads are kept.`,
      ]}
      change={(isOn) => save.mutateAsync({ id: campaign.id, input: { is_active: isOn } })}
      toasts={{
        done: (isOn) => (isOn ? 'Campaign activated' : 'Campaign deactivated'),
        description: `“${campaign.name}” at /c/${campaign.slug}`,
        failed: 'Failed to update campaign',
      }}
    />
  );
}

function CampaignActions({ campaign, onEdit }: { campaign: AdminCampaign; onEdit(campaign: AdminCampaign): void }) {
  const remove = useDeleteCampaign();
  return (
    <DataTableRowActions
      name={campaign.name}
      onEdit={() => onEdit(campaign)}
      deletion={{
        title: `Delete the campaign “${campaign.name}”?`,
        description: `Its landing page /c/${campaign.slug} will answer 404. Its leads are kept. This cannot be undone.`,
        remove: () => remove.mutateAsync(campaign.id),
        done: 'Campaign deleted successfully',
        doneDescription: `“${campaign.name}”`,
        failed: 'Failed to delete campaign',
      }}
    >
      <Button asChild variant="ghost" size="icon">
        <a
          href={`/c/${campaign.slug}`}
          target="_blank"
          rel="noopener"
          aria-label={`Open the landing page of ${campaign.name}`}
          title="Open"
        >
          <ExternalLinkIcon aria-hidden="true" />
        </a>
      </Button>
    </DataTableRowActions>
  );
}
