import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, ShoppingBagIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { AdminAffiliateProduct } from '../../../../shared/schemas/affiliate-products';
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
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';
import { useAffiliateProducts, useDeleteAffiliateProduct, useSaveAffiliateProduct } from '../api/affiliate-products';
import { ProductFormDialog } from './product-form-dialog';

const PAGE_SIZE = 20;
const ACTIVE_FILTER: StatusFilter<'true' | 'false'> = {
  name: 'active',
  label: 'Active filter',
  allLabel: 'All products',
  options: [
    { value: 'true', label: 'Active' },
    { value: 'false', label: 'Inactive' },
  ],
};
/** The list's state in the URL (`?q=desk&active=false&page=2`). */
const TABLE_OPTIONS: TableStateOptions = {
  pageSizes: [PAGE_SIZE],
  defaultPageSize: PAGE_SIZE,
  sortable: [],
  filters: ['q', ACTIVE_FILTER.name],
};

/** Prices are decimal strings from the API: shown as they are, never through a float. */
const money = (price: string | null) => (price === null ? '—' : `$${price}`);
const percent = (rate: string | null) => (rate === null ? '—' : `${rate.replace(/\.00$/, '')}%`);
const vendorLine = (product: AdminAffiliateProduct) => [product.vendor, product.category].filter(Boolean).join(' · ') || 'No vendor';

/**
 * /admin/affiliates (issue 12) on the admin DataTable: search and active filter in the URL, clicks over 30 days,
 * active toggle and delete (each asks first), the dialog form.
 * `Actions`: where the page puts its header actions (the route passes AdminPageActions).
 */
export function AffiliatesScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const table = useDataTableState(TABLE_OPTIONS);
  const query = useAffiliateProducts({
    q: table.state.filters.q,
    active: statusFilterValue(table, ACTIVE_FILTER),
    offset: table.offset,
    limit: PAGE_SIZE,
  });
  const [formProduct, setFormProduct] = useState<AdminAffiliateProduct | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);

  function openForm(product: AdminAffiliateProduct | null) {
    setFormProduct(product);
    setIsFormOpen(true);
  }
  const columns = productColumns(openForm);

  return (
    <>
      <Actions>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Add Product
        </Button>
      </Actions>
      <DataTableSection
        title="Products"
        total={query.data?.total}
        description="Unique visitors who clicked through /go/{id} over the last 30 days (each counted once a day, bots not counted)."
        filters={
          <DataTableFilters table={table} searchLabel="Search products" searchPlaceholder="Search products..." status={ACTIVE_FILTER} />
        }
      >
        <DataTable
          label="Affiliate products"
          table={table}
          columns={columns}
          rows={query.data?.items}
          total={query.data?.total}
          getRowId={(product) => String(product.id)}
          query={query}
          loadingLabel="Loading products..."
          errorTitle="Error loading products"
          errorText={serverMessageOr(query.error, 'Please check your connection and try again.')}
          rowTestId="affiliate"
          renderCard={(product) => <ProductCard product={product} onEdit={openForm} />}
          empty={
            isTableFiltered(table) ? (
              <DataTableFilteredEmpty table={table} title="No products match these filters." />
            ) : (
              <DataTableEmpty
                icon={<ShoppingBagIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
                title="No affiliate products yet."
              >
                <p className="text-sm text-muted-foreground">Add a product, then point a blog ad of type affiliate link at it.</p>
              </DataTableEmpty>
            )
          }
        />
      </DataTableSection>
      <ProductFormDialog open={isFormOpen} product={formProduct} onOpenChange={setIsFormOpen} />
    </>
  );
}

/** Product, Price, Commission, Unique visitors (30 d), Active, Actions. */
function productColumns(onEdit: (product: AdminAffiliateProduct) => void): Array<ColumnDef<AdminAffiliateProduct, unknown> & { id: string }> {
  const rightHeader = (text: string) => () => <span className="block text-right">{text}</span>;
  return [
    {
      id: 'product',
      header: 'Product',
      meta: { cellClassName: 'max-w-72 whitespace-normal' },
      cell: ({ row }) => (
        <>
          <div className="font-medium wrap-anywhere">{row.original.name}</div>
          <div className="text-xs wrap-anywhere text-muted-foreground">
            {vendorLine(row.original)} · /go/{row.original.id}
          </div>
        </>
      ),
    },
    {
      id: 'price',
      header: rightHeader('Price'),
      meta: { label: 'Price', cellClassName: 'text-right tabular-nums' },
      cell: ({ row }) => money(row.original.price),
    },
    {
      id: 'commission',
      header: rightHeader('Commission'),
      meta: { label: 'Commission', cellClassName: 'text-right tabular-nums' },
      cell: ({ row }) => percent(row.original.commissionRate),
    },
    {
      id: 'clicks30d',
      header: rightHeader('Unique visitors (30 d)'),
      meta: { label: 'Unique visitors (30 d)', cellClassName: 'text-right tabular-nums' },
      cell: ({ row }) => row.original.clicks30d,
    },
    {
      id: 'active',
      header: 'Active',
      meta: { label: 'Active' },
      cell: ({ row }) => <ActiveSwitch product={row.original} />,
    },
    {
      id: 'actions',
      header: rightHeader('Actions'),
      enableHiding: false,
      meta: { cellClassName: 'text-right' },
      cell: ({ row }) => <ProductActions product={row.original} onEdit={onEdit} />,
    },
  ];
}

/** A product under 768 px: name and vendor, the three figures, then its state and actions. */
function ProductCard({ product, onEdit }: { product: AdminAffiliateProduct; onEdit(product: AdminAffiliateProduct): void }) {
  return (
    <>
      <p className="font-semibold wrap-anywhere">{product.name}</p>
      <span className="text-xs wrap-anywhere text-muted-foreground">{vendorLine(product)}</span>
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="flex items-center gap-2">
          <ActiveSwitch product={product} />
          <Badge variant={product.isActive ? 'success' : 'secondary'}>{product.isActive ? 'Active' : 'Inactive'}</Badge>
        </span>
        <ProductActions product={product} onEdit={onEdit} />
      </div>
    </>
  );
}

/** Turning a product off breaks its /go link on the site; on puts it back: the switch asks first (issue 26 §2). */
function ActiveSwitch({ product }: { product: AdminAffiliateProduct }) {
  const save = useSaveAffiliateProduct();
  return (
    <ConfirmedSwitch
      label={`Active: ${product.name}`}
      checked={product.isActive}
      confirmation={(isOn) =>
        isOn
          ? {
              title: `Activate “${product.name}”?`,
              description: 'It shows in the public product list and ads again, and its link leads to the shop.',
              confirmLabel: 'Activate',
              pendingLabel: 'Activating...',
            }
          : {
              title: `Deactivate “${product.name}”?`,
              description: 'It leaves the public product list and ads, and its link stops leading to the shop.',
              confirmLabel: 'Deactivate',
              pendingLabel: 'Deactivating...',
              isDestructive: true,
            }
      }
      onConfirm={async (isOn) => {
        try {
          await save.mutateAsync({ id: product.id, input: { is_active: isOn } });
          toast.success(isOn ? `${product.name} is active` : `${product.name} is inactive`);
        } catch (error) {
          toast.error(serverMessageOr(error, 'Failed to update product'));
        }
      }}
    />
  );
}

function ProductActions({ product, onEdit }: { product: AdminAffiliateProduct; onEdit(product: AdminAffiliateProduct): void }) {
  const remove = useDeleteAffiliateProduct();
  return (
    <DataTableRowActions
      name={product.name}
      onEdit={() => onEdit(product)}
      deletion={{
        title: `Delete the product “${product.name}”?`,
        description: `“${product.name}” will be deleted; ads pointing at it lose their link.`,
        run: async () => {
          try {
            await remove.mutateAsync(product.id);
            toast.success('Product deleted successfully');
          } catch (error) {
            toast.error(serverMessageOr(error, 'Failed to delete product'));
          }
        },
      }}
    />
  );
}
