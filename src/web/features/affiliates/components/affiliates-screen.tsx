import { PencilIcon, PlusIcon, ShoppingBagIcon, Trash2Icon } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { AdminAffiliateProduct } from '../../../../shared/schemas/affiliate-products';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Pager } from '~/components/pager';
import { Badge } from '~/components/ui/badge';
import { ListEmpty, ListError, ListFilter, ListLoadingTable, ListSearch } from '~/components/list-states';
import { Button } from '~/components/ui/button';
import { Switch } from '~/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { type AffiliateFilters, useAffiliateProducts, useDeleteAffiliateProduct, useSaveAffiliateProduct } from '../api/affiliate-products';
import { ProductFormDialog } from './product-form-dialog';

const PAGE_SIZE = 20;
const ACTIVE_OPTIONS = [
  { value: 'all', label: 'All products' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;
const PRODUCT_COLUMNS = ['Product', 'Price', 'Commission', 'Unique visitors (30 d)', 'Active', 'Actions'];
const TYPING_DELAY_MS = 300;

/** Prices are decimal strings from the API: shown as they are, never through a float. */
const money = (price: string | null) => (price === null ? '—' : `$${price}`);
const percent = (rate: string | null) => (rate === null ? '—' : `${rate.replace(/\.00$/, '')}%`);

/** /admin/affiliates (issue 12): search, active filter, clicks over 30 days, active toggle, dialog form, delete. */
/** `Actions`: where the page puts its header actions (the route passes AdminPageActions). */
export function AffiliatesScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<AffiliateFilters>({ q: '', active: '', offset: 0, limit: PAGE_SIZE });
  useEffect(() => {
    const timer = setTimeout(() => setFilters((current) => (current.q === search ? current : { ...current, q: search, offset: 0 })), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const query = useAffiliateProducts(filters);
  const save = useSaveAffiliateProduct();
  const remove = useDeleteAffiliateProduct();
  const [formProduct, setFormProduct] = useState<AdminAffiliateProduct | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<AdminAffiliateProduct | null>(null);
  // Turning a product off breaks its /go link on the site; on puts it back: the switch asks first (issue 26 §2).
  const [toSwitch, setToSwitch] = useState<{ product: AdminAffiliateProduct; isActive: boolean } | null>(null);
  const items = query.data?.items ?? [];
  const filtered = filters.q !== '' || filters.active !== '';

  function openForm(product: AdminAffiliateProduct | null) {
    setFormProduct(product);
    setIsFormOpen(true);
  }

  function toggle(product: AdminAffiliateProduct, isActive: boolean) {
    save.mutate(
      { id: product.id, input: { is_active: isActive } },
      {
        onSuccess: () => toast.success(isActive ? `${product.name} is active` : `${product.name} is inactive`),
        onError: (error) => toast.error(serverMessageOr(error, 'Failed to update product')),
        onSettled: () => setToSwitch(null),
      },
    );
  }

  function confirmDelete(product: AdminAffiliateProduct) {
    remove.mutate(product.id, {
      onSuccess: () => {
        toast.success('Product deleted successfully');
        setToDelete(null);
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to delete product')),
    });
  }

  const activeSwitch = (product: AdminAffiliateProduct) => (
    <Switch checked={product.isActive} aria-label={`Active: ${product.name}`} disabled={save.isPending} onCheckedChange={(value) => setToSwitch({ product, isActive: value })} />
  );
  const actions = (product: AdminAffiliateProduct) => (
    <span className="inline-flex shrink-0 gap-1">
      <Button type="button" variant="ghost" size="icon" aria-label={`Edit ${product.name}`} onClick={() => openForm(product)}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost-destructive" size="icon" aria-label={`Delete ${product.name}`} onClick={() => setToDelete(product)}>
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
  );

  return (
    <>
      <Actions>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Add Product
        </Button>
      </Actions>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ListSearch label="Search products" placeholder="Search products..." value={search} onChange={setSearch} />
        <ListFilter
          label="Active filter"
          value={filters.active || 'all'}
          options={ACTIVE_OPTIONS}
          onChange={(value) => setFilters((current) => ({ ...current, active: value === 'all' ? '' : value, offset: 0 }))}
        />
      </div>
      {query.isPending ? (
        <ListLoadingTable label="Loading products..." columns={PRODUCT_COLUMNS} />
      ) : query.isError ? (
        <ListError what="products" error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty icon={ShoppingBagIcon} title={filtered ? 'No products match these filters.' : 'No affiliate products yet.'}>
          {!filtered && <p className="text-muted-foreground">Add a product, then point a blog ad of type affiliate link at it.</p>}
        </ListEmpty>
      ) : (
        <>
          <div className="hidden rounded-xl border md:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Product</TableHead>
                  <TableHead className="text-right">Price</TableHead>
                  <TableHead className="text-right">Commission</TableHead>
                  <TableHead className="text-right">Unique visitors (30 d)</TableHead>
                  <TableHead>Active</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((product) => (
                  <TableRow key={product.id} data-testid="affiliate-row">
                    <TableCell className="max-w-72 whitespace-normal">
                      <div className="font-medium wrap-anywhere">{product.name}</div>
                      <div className="text-xs text-muted-foreground wrap-anywhere">
                        {[product.vendor, product.category].filter(Boolean).join(' · ') || 'No vendor'} · /go/{product.id}
                      </div>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{money(product.price)}</TableCell>
                    <TableCell className="text-right tabular-nums">{percent(product.commissionRate)}</TableCell>
                    <TableCell className="text-right tabular-nums">{product.clicks30d}</TableCell>
                    <TableCell>{activeSwitch(product)}</TableCell>
                    <TableCell className="text-right">{actions(product)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Affiliate products">
            {items.map((product) => (
              <li key={product.id} data-testid="affiliate-card" className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
                <div className="flex items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-col gap-1">
                    <h2 className="font-semibold wrap-anywhere">{product.name}</h2>
                    <span className="text-xs text-muted-foreground wrap-anywhere">{[product.vendor, product.category].filter(Boolean).join(' · ') || 'No vendor'}</span>
                  </div>
                  {actions(product)}
                </div>
                <dl className="grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-muted-foreground">Price</dt>
                    <dd className="tabular-nums">{money(product.price)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Commission</dt>
                    <dd className="tabular-nums">{percent(product.commissionRate)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Unique visitors</dt>
                    <dd className="tabular-nums">{product.clicks30d}</dd>
                  </div>
                </dl>
                <div className="flex items-center gap-2">
                  {activeSwitch(product)}
                  <Badge variant={product.isActive ? 'success' : 'secondary'}>{product.isActive ? 'Active' : 'Inactive'}</Badge>
                </div>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">Unique visitors who clicked through /go/{'{id}'} over the last 30 days (each counted once a day, bots not counted).</p>
          <Pager offset={filters.offset} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} isBusy={query.isPlaceholderData} onOffsetChange={(offset) => setFilters((current) => ({ ...current, offset }))} />
        </>
      )}
      <ProductFormDialog open={isFormOpen} product={formProduct} onOpenChange={setIsFormOpen} />
      <ConfirmDialog
        open={toSwitch !== null}
        onOpenChange={(open) => !open && setToSwitch(null)}
        title={toSwitch?.isActive ? `Activate “${toSwitch.product.name}”?` : `Deactivate “${toSwitch?.product.name ?? ''}”?`}
        description={
          toSwitch?.isActive
            ? 'It shows in the public product list and ads again, and its link leads to the shop.'
            : 'It leaves the public product list and ads, and its link stops leading to the shop.'
        }
        confirmLabel={toSwitch?.isActive ? 'Activate' : 'Deactivate'}
        pendingLabel={toSwitch?.isActive ? 'Activating...' : 'Deactivating...'}
        isPending={save.isPending}
        isDestructive={toSwitch?.isActive === false}
        onConfirm={() => toSwitch && toggle(toSwitch.product, toSwitch.isActive)}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title="Delete product?"
        description={toDelete ? `“${toDelete.name}” will be deleted; ads pointing at it lose their link.` : ''}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
      />
    </>
  );
}
