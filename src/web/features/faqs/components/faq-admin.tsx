import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpIcon, HelpCircleIcon, PlusIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Faq } from '../../../../shared/schemas/faqs';
import { useCreateFaq, useDeleteFaq, useFaqs, useReorderFaqs, useUpdateFaq } from '../api/admin-faqs';
import { answerPreview } from './answer-preview';
import { emptyFaq, FaqFields, faqToForm, useFaqForm } from './faq-fields';
import { ConfirmedSwitch } from '~/components/confirmed-switch';
import { DataTable, DataTableEmpty, type DataTableState, useDataTableState } from '~/components/data-table';
import { DataTableRowActions } from '~/components/data-table-row-actions';
import {
  DataTableFilteredEmpty,
  DataTableFilters,
  DataTableSection,
  isTableFiltered,
  type StatusFilter,
  statusFilterValue,
} from '~/components/data-table-section';
import { Form } from '~/components/form';
import { FormDialog, FormDialogBody } from '~/components/form-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { serverMessageOr } from '~/lib/api-client';
import type { TableStateOptions } from '~/lib/table-url-state';
import { toast } from '~/lib/toast';

const PUBLISHED_FILTER: StatusFilter<'true' | 'false'> = {
  name: 'published',
  label: 'Published filter',
  allLabel: 'All FAQs',
  options: [
    { value: 'true', label: 'Published' },
    { value: 'false', label: 'Drafts' },
  ],
};
const PAGE_SIZE = 50;
/** The list's view in the URL (`?q=sync&published=false`). */
const TABLE_OPTIONS: TableStateOptions = { pageSizes: [PAGE_SIZE], defaultPageSize: PAGE_SIZE, sortable: [], filters: ['q', PUBLISHED_FILTER.name] };

/** Spec §2 FAQ Management: the Add FAQ form, then the table Question, Answer, Published, Actions (cards under 768 px). */
export function FaqManagement() {
  const faqsQuery = useFaqs();
  const table = useDataTableState(TABLE_OPTIONS);
  const faqs = faqsQuery.data;
  const nextOrder = !faqs?.length ? 0 : Math.max(...faqs.map((faq) => faq.displayOrder)) + 1;
  // Every FAQ comes in one answer (a few dozen at most): the search and the filter apply here, in display order.
  const shown = faqs && filterFaqs(faqs, table.state.filters.q, statusFilterValue(table, PUBLISHED_FILTER));
  return (
    <>
      {/* Remounted once the list is in, so a new question goes last unless the admin picks an order. */}
      <AddFaqForm key={faqsQuery.isSuccess ? 'ready' : 'loading'} nextOrder={nextOrder} />
      <DataTableSection
        title="FAQs"
        total={faqs?.length}
        description="In the order the Help page shows them. Unpublished questions are hidden there."
        filters={
          <DataTableFilters table={table} searchLabel="Search FAQs" searchPlaceholder="Search questions and answers" status={PUBLISHED_FILTER} />
        }
      >
        <FaqTable all={faqs ?? []} shown={shown} query={faqsQuery} table={table} />
      </DataTableSection>
    </>
  );
}

function filterFaqs(faqs: Faq[], search: string | undefined, published: 'true' | 'false' | undefined): Faq[] {
  const words = search?.toLowerCase();
  return faqs.filter(
    (faq) =>
      (published === undefined || String(faq.isPublished) === published) &&
      (!words || faq.question.toLowerCase().includes(words) || faq.answer.toLowerCase().includes(words)),
  );
}

function AddFaqForm({ nextOrder }: { nextOrder: number }) {
  const headingId = useId();
  const createFaq = useCreateFaq();
  const form = useFaqForm(emptyFaq(nextOrder));
  const { isSubmitting } = form.formState;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId}>Add FAQ</h2>
        </CardTitle>
        <CardDescription>New questions are published on the Help page unless you switch Published off.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={async (input) => {
            await createFaq.mutateAsync(input);
            toast.success('FAQ added successfully', { description: `“${input.question}”` });
            form.reset(emptyFaq(nextOrder + 1));
          }}
          onError={(error) =>
            toast.error('Failed to add FAQ', { description: serverMessageOr(error, 'Please try again.') })
          }
        >
          <FaqFields register={form.register} />
          <Button type="submit" className="self-start" disabled={isSubmitting}>
            <PlusIcon aria-hidden="true" /> {isSubmitting ? 'Adding...' : 'Add FAQ'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * The FAQs in display order. Move up and Move down swap a question with its neighbour in the list as shown (so they
 * work on a filtered list too) and keep the keyboard on the moved question.
 */
function FaqTable({
  all,
  shown,
  query,
  table,
}: {
  all: Faq[];
  shown: Faq[] | undefined;
  query: ReturnType<typeof useFaqs>;
  table: DataTableState;
}) {
  const reorderFaqs = useReorderFaqs();
  const [editing, setEditing] = useState<Faq | null>(null);
  const focusAfterMove = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);

  // Moving a row re-inserts it: keep the keyboard on the moved question's button (or its other one at an end).
  useEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    const buttons = [
      ...document.querySelectorAll<HTMLButtonElement>(`[data-faq-move][data-faq-id="${moved.id}"]`),
    ].filter((button) => button.offsetParent !== null);
    const same = buttons.find((button) => button.dataset.faqMove === moved.direction && !button.disabled);
    (same ?? buttons.find((button) => !button.disabled))?.focus();
  }, [all]);

  function move(faq: Faq, direction: 'up' | 'down') {
    const list = shown ?? [];
    const index = list.findIndex((item) => item.id === faq.id);
    const neighbour = list[direction === 'up' ? index - 1 : index + 1];
    if (index < 0 || !neighbour) return;
    const ids = all.map((item) => item.id);
    const from = ids.indexOf(faq.id);
    const to = ids.indexOf(neighbour.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    focusAfterMove.current = { id: faq.id, direction };
    reorderFaqs.mutate(ids, {
      onError: (error) =>
        toast.error('Failed to reorder FAQs', { description: serverMessageOr(error, 'Please try again.') }),
    });
  }

  const position = (faq: Faq) => shown?.findIndex((item) => item.id === faq.id) ?? -1;
  const actions = (faq: Faq) => (
    <RowActions
      faq={faq}
      isFirst={position(faq) === 0}
      isLast={position(faq) === (shown?.length ?? 0) - 1}
      onMove={move}
      onEdit={setEditing}
    />
  );
  const columns: Array<ColumnDef<Faq, unknown> & { id: string }> = [
    {
      id: 'question',
      header: 'Question',
      meta: { cellClassName: 'max-w-64 font-medium whitespace-normal wrap-anywhere' },
      cell: ({ row }) => row.original.question,
    },
    {
      id: 'answer',
      header: 'Answer',
      meta: { label: 'Answer', cellClassName: 'max-w-96 text-sm whitespace-normal wrap-anywhere text-muted-foreground' },
      cell: ({ row }) => <span title={row.original.answer}>{answerPreview(row.original.answer)}</span>,
    },
    {
      id: 'published',
      header: 'Published',
      meta: { label: 'Published', headClassName: 'w-28' },
      cell: ({ row }) => <PublishSwitch faq={row.original} />,
    },
    {
      id: 'actions',
      header: () => <span className="block text-right">Actions</span>,
      enableHiding: false,
      meta: { headClassName: 'w-52', cellClassName: 'text-right' },
      cell: ({ row }) => actions(row.original),
    },
  ];

  return (
    <>
      <DataTable
        label="FAQs"
        table={table}
        columns={columns}
        rows={shown?.slice(table.offset, table.offset + table.state.pageSize)}
        total={shown?.length}
        getRowId={(faq) => String(faq.id)}
        query={query}
        loadingLabel="Loading FAQs..."
        errorTitle="Error loading FAQs"
        errorText={serverMessageOr(query.error, 'Please check your connection and try again.')}
        rowTestId="faq"
        renderCard={(faq) => (
          <>
            <p className="font-medium wrap-anywhere">{faq.question}</p>
            <p className="text-sm wrap-anywhere text-muted-foreground">{answerPreview(faq.answer)}</p>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span className="flex items-center gap-2">
                <PublishSwitch faq={faq} />
                <Badge variant={faq.isPublished ? 'success' : 'secondary'}>{faq.isPublished ? 'Published' : 'Draft'}</Badge>
              </span>
              {actions(faq)}
            </div>
          </>
        )}
        empty={
          isTableFiltered(table) ? (
            <DataTableFilteredEmpty table={table} title="No FAQs match these filters." />
          ) : (
            <DataTableEmpty
              icon={<HelpCircleIcon aria-hidden="true" className="size-10 text-muted-foreground" />}
              title="No FAQs yet. Add the first question above; it shows on the Help page once published."
            />
          )
        }
      />
      <EditFaqDialog faq={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}

function PublishSwitch({ faq }: { faq: Faq }) {
  const updateFaq = useUpdateFaq();
  return (
    <ConfirmedSwitch
      label={`Published: ${faq.question}`}
      checked={faq.isPublished}
      confirmation={(isOn) =>
        isOn
          ? {
              title: `Publish “${faq.question}”?`,
              description: 'The question shows on the Help page.',
              confirmLabel: 'Publish',
              pendingLabel: 'Publishing...',
            }
          : {
              title: `Unpublish “${faq.question}”?`,
              description: 'The question is hidden from the Help page.',
              confirmLabel: 'Unpublish',
              pendingLabel: 'Unpublishing...',
              isDestructive: true,
            }
      }
      onConfirm={async (isOn) => {
        try {
          await updateFaq.mutateAsync({ id: faq.id, changes: { is_published: isOn } });
          toast.success(isOn ? 'FAQ published' : 'FAQ unpublished', { description: `“${faq.question}”` });
        } catch (error) {
          toast.error('Failed to update FAQ', { description: serverMessageOr(error, 'Please try again.') });
        }
      }}
    />
  );
}

function RowActions({
  faq,
  isFirst,
  isLast,
  onMove,
  onEdit,
}: {
  faq: Faq;
  isFirst: boolean;
  isLast: boolean;
  onMove(faq: Faq, direction: 'up' | 'down'): void;
  onEdit(faq: Faq): void;
}) {
  const deleteFaq = useDeleteFaq();
  return (
    <DataTableRowActions
      name={faq.question}
      onEdit={() => onEdit(faq)}
      deletion={{
        title: `Delete the FAQ “${faq.question}”?`,
        description: 'It is removed from the Help page. This cannot be undone.',
        run: async () => {
          try {
            await deleteFaq.mutateAsync(faq.id);
            toast.success('FAQ deleted successfully', { description: `“${faq.question}”` });
          } catch (error) {
            toast.error('Failed to delete FAQ', { description: serverMessageOr(error, 'Please try again.') });
          }
        },
      }}
    >
      {(['up', 'down'] as const).map((direction) => (
        <Button
          key={direction}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Move ${direction}: ${faq.question}`}
          title={direction === 'up' ? 'Move up' : 'Move down'}
          data-faq-move={direction}
          data-faq-id={faq.id}
          disabled={direction === 'up' ? isFirst : isLast}
          onClick={() => onMove(faq, direction)}
        >
          {direction === 'up' ? <ArrowUpIcon aria-hidden="true" /> : <ArrowDownIcon aria-hidden="true" />}
        </Button>
      ))}
    </DataTableRowActions>
  );
}

function EditFaqDialog({ faq, onOpenChange }: { faq: Faq | null; onOpenChange(open: boolean): void }) {
  return (
    <FormDialog open={faq !== null} onOpenChange={onOpenChange}>
      {faq && <EditFaqForm key={faq.id} faq={faq} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function EditFaqForm({ faq, onDone }: { faq: Faq; onDone(): void }) {
  const updateFaq = useUpdateFaq();
  const form = useFaqForm(faqToForm(faq));
  return (
    <FormDialogBody
      form={form}
      title="Edit FAQ"
      description="Changes show on the Help page at once."
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      onCancel={onDone}
      onSubmit={async (changes) => {
        await updateFaq.mutateAsync({ id: faq.id, changes });
        toast.success('FAQ updated successfully', { description: `“${changes.question}”` });
        onDone();
      }}
      onError={(error) =>
        toast.error('Failed to update FAQ', { description: serverMessageOr(error, 'Please try again.') })
      }
    >
      <FaqFields register={form.register} />
    </FormDialogBody>
  );
}
