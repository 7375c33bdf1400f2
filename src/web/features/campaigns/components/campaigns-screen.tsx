import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLinkIcon, PlusIcon, RocketIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { AdminCampaign } from '../../../../shared/schemas/campaigns';
import { ConfirmedSwitch } from '~/components/confirmed-switch';
import { DataTable, DataTableEmpty, useDataTableState } from '~/components/data-table';
import { DataTableRowActions } from '~/components/data-table-row-actions';
import {
  DataTableFilteredEmpty,
  DataTableFilters,
  DataTableSection,
  isTableFiltered,
  type StatusFilter,
  statusFilterValue,
} from '~/components/data-table-section';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { serverMessageOr } from '~/lib/api-client';
import { useInPageEditor } from '~/lib/return-focus';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';
import { useCampaigns, useDeleteCampaign, useSaveCampaign } from '../api/campaigns';
import { CampaignEditor } from './campaign-editor';

const PAGE_SIZE = 20;
const ACTIVE_FILTER: StatusFilter<'true' | 'false'> = {
  name: 'active',
  label: 'Active filter',
  allLabel: 'All campaigns',
  options: [
    { value: 'true', label: 'Active' },
    { value: 'false', label: 'Inactive' },
  ],
};
/** The list's state in the URL (`?q=launch&active=true&page=2`). */
const TABLE_OPTIONS: TableStateOptions = {
  pageSizes: [PAGE_SIZE],
  defaultPageSize: PAGE_SIZE,
  sortable: [],
  filters: ['q', ACTIVE_FILTER.name],
};

const rate = (campaign: AdminCampaign) => (campaign.conversionRate === null ? '—' : `${campaign.conversionRate}%`);

/**
 * /admin/campaigns on the admin DataTable: search and active filter in the URL, 30-day figures, active toggle and
 * delete (each asks first), or the campaign editor in the list's place; the list stays mounted (hidden) under the
 * editor, so closing it gives focus back to its opener.
 */
export function CampaignsScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const editor = useInPageEditor<AdminCampaign | 'new'>();
  const { editing } = editor;
  const table = useDataTableState(TABLE_OPTIONS);
  const query = useCampaigns({
    q: table.state.filters.q,
    active: statusFilterValue(table, ACTIVE_FILTER),
    offset: table.offset,
    limit: PAGE_SIZE,
  });
  const columns = campaignColumns(editor.open);

  return (
    <>
      {editing !== null && (
        <CampaignEditor
          key={editing === 'new' ? 'new' : editing.id}
          campaign={editing === 'new' ? null : editing}
          onDone={editor.close}
        />
      )}
      <Actions>
        <Button hidden={editing !== null} onClick={() => editor.open('new')}>
          <PlusIcon aria-hidden="true" /> New Campaign
        </Button>
      </Actions>
      <div hidden={editing !== null}>
        <DataTableSection
          title="Campaigns"
          total={query.data?.total}
          description="Unique visitors (each counted once a day, bots not counted) and leads over the last 30 days; conversion = leads ÷ unique visitors."
          filters={
            <DataTableFilters
              table={table}
              searchLabel="Search campaigns"
              searchPlaceholder="Search name, slug or description"
              status={ACTIVE_FILTER}
            />
          }
        >
          <DataTable
            label="Campaigns"
            table={table}
            columns={columns}
            rows={query.data?.items}
            total={query.data?.total}
            getRowId={(campaign) => String(campaign.id)}
            query={query}
            loadingLabel="Loading campaigns..."
            errorTitle="Error loading campaigns"
            errorText={serverMessageOr(query.error, 'Please check your connection and try again.')}
            rowTestId="campaign"
            renderCard={(campaign) => <CampaignCard campaign={campaign} onEdit={editor.open} />}
            empty={
              isTableFiltered(table) ? (
                <DataTableFilteredEmpty table={table} title="No campaigns match these filters." />
              ) : (
                <DataTableEmpty icon={<RocketIcon aria-hidden="true" className="size-10 text-muted-foreground" />} title="No campaigns yet.">
                  <p className="text-sm text-muted-foreground">Create a landing page for your next launch.</p>
                </DataTableEmpty>
              )
            }
          />
        </DataTableSection>
      </div>
    </>
  );
}

/** Campaign, Unique visitors (30 d), Leads (30 d), Conversion, Active, Actions. */
function campaignColumns(onEdit: (campaign: AdminCampaign) => void): Array<ColumnDef<AdminCampaign, unknown> & { id: string }> {
  return [
    {
      id: 'campaign',
      header: 'Campaign',
      meta: { cellClassName: 'max-w-72 whitespace-normal' },
      cell: ({ row }) => (
        <>
          <div className="font-medium wrap-anywhere">{row.original.name}</div>
          <div className="text-xs wrap-anywhere text-muted-foreground">/c/{row.original.slug}</div>
        </>
      ),
    },
    {
      id: 'visits30d',
      header: () => <span className="block text-right">Unique visitors (30 d)</span>,
      meta: { label: 'Unique visitors (30 d)', cellClassName: 'text-right tabular-nums' },
      cell: ({ row }) => row.original.visits30d,
    },
    {
      id: 'leads30d',
      header: () => <span className="block text-right">Leads (30 d)</span>,
      meta: { label: 'Leads (30 d)', cellClassName: 'text-right tabular-nums' },
      cell: ({ row }) => row.original.leads30d,
    },
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
    {
      id: 'active',
      header: 'Active',
      meta: { label: 'Active' },
      cell: ({ row }) => <ActiveSwitch campaign={row.original} />,
    },
    {
      id: 'actions',
      header: () => <span className="block text-right">Actions</span>,
      enableHiding: false,
      meta: { cellClassName: 'text-right' },
      cell: ({ row }) => <CampaignActions campaign={row.original} onEdit={onEdit} />,
    },
  ];
}

/** A campaign under 768 px: name and address, the three figures, the goal, then its state and actions. */
function CampaignCard({ campaign, onEdit }: { campaign: AdminCampaign; onEdit(campaign: AdminCampaign): void }) {
  return (
    <>
      <p className="font-semibold wrap-anywhere">{campaign.name}</p>
      <span className="text-xs wrap-anywhere text-muted-foreground">/c/{campaign.slug}</span>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Unique visitors</dt>
          <dd className="tabular-nums">{campaign.visits30d}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Leads</dt>
          <dd className="tabular-nums">{campaign.leads30d}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Conversion</dt>
          <dd className="tabular-nums">{rate(campaign)}</dd>
        </div>
      </dl>
      {campaign.conversionGoal && <p className="text-sm wrap-anywhere text-muted-foreground">Goal: {campaign.conversionGoal}</p>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="flex items-center gap-2">
          <ActiveSwitch campaign={campaign} />
          <Badge variant={campaign.isActive ? 'success' : 'secondary'}>{campaign.isActive ? 'Active' : 'Inactive'}</Badge>
        </span>
        <CampaignActions campaign={campaign} onEdit={onEdit} />
      </div>
    </>
  );
}

function ActiveSwitch({ campaign }: { campaign: AdminCampaign }) {
  const save = useSaveCampaign();
  return (
    <ConfirmedSwitch
      label={`Active: ${campaign.name}`}
      checked={campaign.isActive}
      confirmation={(isOn) =>
        isOn
          ? {
              title: `Activate “${campaign.name}”?`,
              description: `Its landing page /c/${campaign.slug} becomes public.`,
              confirmLabel: 'Activate',
              pendingLabel: 'Activating...',
            }
          : {
              title: `Deactivate “${campaign.name}”?`,
              description: `Its landing page /c/${campaign.slug} will answer 404. Its leads are kept.`,
              confirmLabel: 'Deactivate',
              pendingLabel: 'Deactivating...',
              isDestructive: true,
            }
      }
      onConfirm={async (isOn) => {
        try {
          await save.mutateAsync({ id: campaign.id, input: { is_active: isOn } });
          toast.success(isOn ? 'Campaign activated' : 'Campaign deactivated', {
            description: `“${campaign.name}” at /c/${campaign.slug}`,
          });
        } catch (error) {
          toast.error('Failed to update campaign', { description: serverMessageOr(error, 'Please try again.') });
        }
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
        run: async () => {
          try {
            await remove.mutateAsync(campaign.id);
            toast.success('Campaign deleted successfully', { description: `“${campaign.name}”` });
          } catch (error) {
            toast.error('Failed to delete campaign', { description: serverMessageOr(error, 'Please try again.') });
          }
        },
      }}
    >
      <Button asChild variant="ghost" size="icon">
        <a href={`/c/${campaign.slug}`} target="_blank" rel="noopener" aria-label={`Open the landing page of ${campaign.name}`} title="Open">
          <ExternalLinkIcon aria-hidden="true" />
        </a>
      </Button>
    </DataTableRowActions>
  );
}
