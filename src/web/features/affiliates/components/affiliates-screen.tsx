import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, ShoppingBagIcon } from 'lucide-react';
import { type ComponentType, type ReactNode, useCallback, useMemo, useState } from 'react';
import type { AdminAffiliateProduct } from '../../../../shared/schemas/affiliate-products';
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
import { Button } from '~/components/ui/button';
import { useAffiliateProducts, useDeleteAffiliateProduct, useSaveAffiliateProduct } from '../api/affiliate-products';
import { ProductFormDialog } from './product-form-dialog';

/** The list's state in the URL (`?q=desk&active=false&page=2`), 20 a page. */
const PRODUCTS = contentListSetup('active', 'All products', 20);

/** Prices are decimal strings from the API: shown as they are, never through a float. */
const money = (price: string | null) => (price === null ? '—' : `$${price}`);
const percent = (rate: string | null) => (rate === null ? '—' : `${rate.replace(/\.00$/, '')}%`);
const vendorLine = (product: AdminAffiliateProduct) =>
  [product.vendor, product.category].filter(Boolean).join(' · ') || 'No vendor';

/**
 * /admin/affiliates (issue 12) on the admin DataTable: search and active filter in the URL, clicks over 30 days,
 * active toggle and delete (each asks first), the dialog form.
 * `Actions`: where the page puts its header actions (the route passes AdminPageActions).
 */
export function AffiliatesScreen({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const list = useContentList(PRODUCTS, useAffiliateProducts);
  const [formProduct, setFormProduct] = useState<AdminAffiliateProduct | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);

  const openForm = useCallback((product: AdminAffiliateProduct | null) => {
    setFormProduct(product);
    setIsFormOpen(true);
  }, []);
  const columns = useMemo(() => productColumns(openForm), [openForm]);

  return (
    <>
      <Actions>
        <Button onClick={() => openForm(null)}>
          <PlusIcon aria-hidden="true" /> Add Product
        </Button>
      </Actions>
      <ContentList
        {...list}
        title="Products"
        noun="products"
        description="Unique visitors who clicked through /go/{id} over the last 30 days (each counted once a day, bots not counted)."
        search={{ label: 'Search products', placeholder: 'Search products...' }}
        columns={columns}
        rowTestId="affiliate"
        renderCard={(product) => <ProductCard product={product} onEdit={openForm} />}
        empty={{
          icon: ShoppingBagIcon,
          title: 'No affiliate products yet.',
          children: (
            <p className="text-sm text-muted-foreground">
              Add a product, then point a blog ad of type affiliate link at it.
            </p>
          ),
        }}
      />
      <ProductFormDialog open={isFormOpen} item={formProduct} onOpenChange={setIsFormOpen} />
    </>
  );
}

/** Product, Price, Commission, Unique visitors (30 d), Active, Actions. */
function productColumns(
  onEdit: (product: AdminAffiliateProduct) => void,
): Array<ColumnDef<AdminAffiliateProduct, unknown> & { id: string }> {
  return [
    nameColumn('product', 'Product', (product) => (
      <>
        {product.name}
        <div className="text-xs font-normal text-muted-foreground">
          {vendorLine(product)} · /go/{product.id}
        </div>
      </>
    )),
    figureColumn('price', 'Price', (product) => money(product.price)),
    figureColumn('commission', 'Commission', (product) => percent(product.commissionRate)),
    figureColumn('clicks30d', 'Unique visitors (30 d)', (product) => product.clicks30d),
    statusColumn('active', (product) => <ActiveSwitch product={product} />),
    actionsColumn((product) => <ProductActions product={product} onEdit={onEdit} />),
  ];
}

/** A product under 768 px: name and vendor, the three figures, then its state and actions. */
function ProductCard({
  product,
  onEdit,
}: {
  product: AdminAffiliateProduct;
  onEdit(product: AdminAffiliateProduct): void;
}) {
  return (
    <ContentCard
      title={product.name}
      subtitle={vendorLine(product)}
      figures={[
        ['Price', money(product.price)],
        ['Commission', percent(product.commissionRate)],
        ['Unique visitors', product.clicks30d],
      ]}
      kind="active"
      isOn={product.isActive}
      statusSwitch={<ActiveSwitch product={product} />}
      actions={<ProductActions product={product} onEdit={onEdit} />}
    />
  );
}

/** Turning a product off breaks its /go link on the site; on puts it back: the switch asks first (issue 26 §2). */
function ActiveSwitch({ product }: { product: AdminAffiliateProduct }) {
  const save = useSaveAffiliateProduct();
  return (
    <StatusSwitch
      kind="active"
      name={product.name}
      isOn={product.isActive}
      effects={[
        'It shows in the public product list and ads again, and its link leads to the shop.',
        'It leaves the public product list and ads, and its link stops leading to the shop.',
      ]}
      change={(isOn) => save.mutateAsync({ id: product.id, input: { is_active: isOn } })}
      toasts={{
        done: (isOn) => `${product.name} is ${isOn ? 'active' : 'inactive'}`,
        failed: 'Failed to update product',
      }}
    />
  );
}

function ProductActions({
  product,
  onEdit,
}: {
  product: AdminAffiliateProduct;
  onEdit(product: AdminAffiliateProduct): void;
}) {
  const remove = useDeleteAffiliateProduct();
  return (
    <DataTableRowActions
      name={product.name}
      onEdit={() => onEdit(product)}
      deletion={{
        title: `Delete the product “${product.name}”?`,
        description: `“${product.name}” will be deleted; ads pointing at it lose their link.`,
        remove: () => remove.mutateAsync(product.id),
        done: 'Product deleted successfully',
        failed: 'Failed to delete product',
      }}
    />
  );
}
