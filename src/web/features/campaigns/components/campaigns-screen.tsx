import { ExternalLinkIcon, PencilIcon, PlusIcon, RocketIcon, Trash2Icon } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { AdminCampaign } from '../../../../shared/schemas/campaigns';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { Pager } from '~/components/pager';
import { Badge } from '~/components/ui/badge';
import { ListEmpty, ListError, ListSearch, ListLoadingTable } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { serverMessageOr } from '~/lib/api-client';
import { useInPageEditor } from '~/lib/return-focus';
import { toast } from '~/lib/toast';
import { type CampaignFilters, useCampaigns, useDeleteCampaign, useSaveCampaign } from '../api/campaigns';
import { CampaignEditor } from './campaign-editor';

/** The list's columns, shown over the skeleton rows while it loads. */
const CAMPAIGN_COLUMNS = ['Campaign', 'Unique visitors (30 d)', 'Leads (30 d)', 'Conversion', 'Active', 'Actions'];

const PAGE_SIZE = 20;
const TYPING_DELAY_MS = 300;

/**
 * /admin/campaigns: the list (search, active filter, 30-day figures, active toggle, delete) or the campaign editor
 * in its place; the list stays mounted (hidden) under the editor, so closing it gives focus back to its opener.
 */
export function CampaignsScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const editor = useInPageEditor<AdminCampaign | 'new'>();
  const { editing } = editor;
  return (
    <>
      {editing !== null && (
        <CampaignEditor
          key={editing === 'new' ? 'new' : editing.id}
          campaign={editing === 'new' ? null : editing}
          onDone={editor.close}
        />
      )}
      <div hidden={editing !== null} className="flex flex-col gap-6">
        <CampaignList Actions={Actions} isEditing={editing !== null} onEdit={editor.open} />
      </div>
    </>
  );
}

function CampaignList({
  Actions,
  isEditing,
  onEdit,
}: {
  Actions: ComponentType<{ children: ReactNode }>;
  isEditing: boolean;
  onEdit(campaign: AdminCampaign | 'new'): void;
}) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<CampaignFilters>({ q: '', active: '', offset: 0, limit: PAGE_SIZE });
  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((current) => (current.q === search ? current : { ...current, q: search, offset: 0 })),
      TYPING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);
  const query = useCampaigns(filters);
  const save = useSaveCampaign();
  const remove = useDeleteCampaign();
  const [toDelete, setToDelete] = useState<AdminCampaign | null>(null);
  const items = query.data?.items ?? [];
  const filtered = filters.q !== '' || filters.active !== '';

  function toggle(campaign: AdminCampaign, isActive: boolean) {
    save.mutate(
      { id: campaign.id, input: { is_active: isActive } },
      {
        onSuccess: () =>
          toast.success(isActive ? 'Campaign activated' : 'Campaign deactivated', {
            description: `“${campaign.name}” at /c/${campaign.slug}`,
          }),
        onError: (error) =>
          toast.error('Failed to update campaign', { description: serverMessageOr(error, 'Please try again.') }),
      },
    );
  }

  function confirmDelete(campaign: AdminCampaign) {
    remove.mutate(campaign.id, {
      onSuccess: () => {
        toast.success('Campaign deleted successfully', { description: `“${campaign.name}”` });
        setToDelete(null);
      },
      onError: (error) =>
        toast.error('Failed to delete campaign', { description: serverMessageOr(error, 'Please try again.') }),
    });
  }

  const rate = (campaign: AdminCampaign) => (campaign.conversionRate === null ? '—' : `${campaign.conversionRate}%`);
  const activeSwitch = (campaign: AdminCampaign) => (
    <Switch
      checked={campaign.isActive}
      aria-label={`Active: ${campaign.name}`}
      disabled={save.isPending}
      onCheckedChange={(value) => toggle(campaign, value)}
    />
  );
  const actions = (campaign: AdminCampaign) => (
    <span className="inline-flex shrink-0 gap-1">
      <Button asChild variant="ghost" size="icon">
        <a
          href={`/c/${campaign.slug}`}
          target="_blank"
          rel="noopener"
          aria-label={`Open the landing page of ${campaign.name}`}
        >
          <ExternalLinkIcon aria-hidden="true" />
        </a>
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Edit ${campaign.name}`}
        onClick={() => onEdit(campaign)}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost-destructive"
        size="icon"
        aria-label={`Delete ${campaign.name}`}
        onClick={() => setToDelete(campaign)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
  );

  return (
    <>
      <Actions>
        <Button hidden={isEditing} onClick={() => onEdit('new')}>
          <PlusIcon aria-hidden="true" /> New Campaign
        </Button>
      </Actions>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ListSearch
          label="Search campaigns"
          placeholder="Search name, slug or description"
          value={search}
          onChange={setSearch}
        />
        <Select
          value={filters.active || 'all'}
          onValueChange={(value) =>
            setFilters((current) => ({
              ...current,
              active: value === 'all' ? '' : (value as 'true' | 'false'),
              offset: 0,
            }))
          }
        >
          <SelectTrigger aria-label="Active filter" className="w-full sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All campaigns</SelectItem>
            <SelectItem value="true">Active</SelectItem>
            <SelectItem value="false">Inactive</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {query.isPending ? (
        <ListLoadingTable label="Loading campaigns..." columns={CAMPAIGN_COLUMNS} />
      ) : query.isError ? (
        <ListError what="campaigns" error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty icon={RocketIcon} title={filtered ? 'No campaigns match these filters.' : 'No campaigns yet.'}>
          {!filtered && <p className="text-muted-foreground">Create a landing page for your next launch.</p>}
        </ListEmpty>
      ) : (
        <>
          <div className="hidden rounded-xl border md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Campaign</TableHead>
                  <TableHead className="text-right">Unique visitors (30 d)</TableHead>
                  <TableHead className="text-right">Leads (30 d)</TableHead>
                  <TableHead>Conversion</TableHead>
                  <TableHead>Active</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((campaign) => (
                  <TableRow key={campaign.id} data-testid="campaign-row">
                    <TableCell className="max-w-72 whitespace-normal">
                      <div className="font-medium wrap-anywhere">{campaign.name}</div>
                      <div className="text-xs wrap-anywhere text-muted-foreground">/c/{campaign.slug}</div>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{campaign.visits30d}</TableCell>
                    <TableCell className="text-right tabular-nums">{campaign.leads30d}</TableCell>
                    <TableCell>
                      <span className="font-medium tabular-nums">{rate(campaign)}</span>
                      {campaign.conversionGoal && (
                        <div className="text-xs text-muted-foreground">Goal: {campaign.conversionGoal}</div>
                      )}
                    </TableCell>
                    <TableCell>{activeSwitch(campaign)}</TableCell>
                    <TableCell className="text-right">{actions(campaign)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Campaigns">
            {items.map((campaign) => (
              <li
                key={campaign.id}
                data-testid="campaign-card"
                className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-col gap-1">
                    <h2 className="font-semibold wrap-anywhere">{campaign.name}</h2>
                    <span className="text-xs wrap-anywhere text-muted-foreground">/c/{campaign.slug}</span>
                  </div>
                  {actions(campaign)}
                </div>
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
                {campaign.conversionGoal && (
                  <p className="text-sm text-muted-foreground">Goal: {campaign.conversionGoal}</p>
                )}
                <div className="flex items-center gap-2">
                  {activeSwitch(campaign)}
                  <Badge variant={campaign.isActive ? 'success' : 'secondary'}>
                    {campaign.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </div>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            Unique visitors (each counted once a day, bots not counted) and leads over the last 30 days; conversion =
            leads ÷ unique visitors.
          </p>
          <Pager
            offset={filters.offset}
            pageSize={PAGE_SIZE}
            total={query.data?.total ?? 0}
            isBusy={query.isPlaceholderData}
            onOffsetChange={(offset) => setFilters((current) => ({ ...current, offset }))}
          />
        </>
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        title={toDelete ? `Delete the campaign “${toDelete.name}”?` : ''}
        description={
          toDelete
            ? `Its landing page /c/${toDelete.slug} will answer 404. Its leads are kept. This cannot be undone.`
            : ''
        }
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
      />
    </>
  );
}
