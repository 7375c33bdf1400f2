import type { ColumnDef } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpIcon, HelpCircleIcon, PlusIcon } from 'lucide-react';
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Faq } from '../../../../shared/schemas/faqs';
import { useCreateFaq, useDeleteFaq, useFaqs, useReorderFaqs, useUpdateFaq } from '../api/admin-faqs';
import { answerPreview } from './answer-preview';
import { emptyFaq, FaqFields, faqToForm, useFaqForm } from './faq-fields';
import {
  actionsColumn,
  ContentCard,
  ContentList,
  contentListSetup,
  nameColumn,
  statusColumn,
  statusFilterValue,
  StatusSwitch,
} from '~/components/content-list';
import { type DataTableState, useDataTableState } from '~/components/data-table';
import { DataTableRowActions } from '~/components/data-table-row-actions';
import { FormSheet, FormSheetBody } from '~/components/form-sheet';
import { Button } from '~/components/ui/button';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The list's view in the URL (`?q=sync&published=false`). */
const FAQS = contentListSetup('published', 'All FAQs', 50);

/**
 * Spec §2 FAQ Management: the table Question, Answer, Published, Actions (cards under 768 px) first; the Add FAQ form
 * and Edit open in a side panel over it (issue 37 §11), from Add FAQ beside the page heading (`Actions`).
 */
export function FaqManagement({ Actions }: { Actions: ComponentType<{ children: ReactNode }> }) {
  const faqsQuery = useFaqs();
  const table = useDataTableState(FAQS.options);
  const faqs = faqsQuery.data;
  const nextOrder = !faqs?.length ? 0 : Math.max(...faqs.map((faq) => faq.displayOrder)) + 1;
  // Every FAQ comes in one answer (a few dozen at most): the search and the filter apply here, in display order.
  const shown = faqs && filterFaqs(faqs, table.state.filters.q, statusFilterValue(table, FAQS.status));
  const [isAdding, setIsAdding] = useState(false);
  return (
    <>
      <Actions>
        <Button onClick={() => setIsAdding(true)}>
          <PlusIcon aria-hidden="true" /> Add FAQ
        </Button>
      </Actions>
      <FaqList all={faqs ?? []} shown={shown} query={faqsQuery} table={table} />
      <FormSheet open={isAdding} onOpenChange={setIsAdding}>
        {/* Mounted on opening: a new question goes last unless the admin picks an order. */}
        <AddFaqForm nextOrder={nextOrder} onDone={() => setIsAdding(false)} />
      </FormSheet>
    </>
  );
}

function filterFaqs(faqs: Faq[], search: string | undefined, published: string | undefined): Faq[] {
  const words = search?.toLowerCase();
  return faqs.filter(
    (faq) =>
      (published === undefined || String(faq.isPublished) === published) &&
      (!words || faq.question.toLowerCase().includes(words) || faq.answer.toLowerCase().includes(words)),
  );
}

function AddFaqForm({ nextOrder, onDone }: { nextOrder: number; onDone(): void }) {
  const createFaq = useCreateFaq();
  const form = useFaqForm(emptyFaq(nextOrder));
  return (
    <FormSheetBody
      form={form}
      title="Add FAQ"
      description="New questions are published on the Help page unless you switch Published off."
      submitLabel="Add FAQ"
      pendingLabel="Adding..."
      onCancel={onDone}
      onSubmit={async (input) => {
        await createFaq.mutateAsync(input);
        toast.success('FAQ added successfully', { description: `“${input.question}”` });
        onDone();
      }}
      onError={(error) =>
        toast.error('Failed to add FAQ', { description: serverMessageOr(error, 'Please try again.') })
      }
    >
      <FaqFields register={form.register} />
    </FormSheetBody>
  );
}

/**
 * The FAQs in display order. Move up and Move down swap a question with its neighbour in the list as shown (so they
 * work on a filtered list too) and keep the keyboard on the moved question.
 */
function FaqList({
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
  const { mutate: reorder } = useReorderFaqs();
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

  const move = useCallback(
    (faq: Faq, direction: 'up' | 'down') => {
      const list = shown ?? [];
      const index = list.findIndex((item) => item.id === faq.id);
      const neighbour = list[direction === 'up' ? index - 1 : index + 1];
      if (index < 0 || !neighbour) return;
      const ids = all.map((item) => item.id);
      const from = ids.indexOf(faq.id);
      const to = ids.indexOf(neighbour.id);
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      focusAfterMove.current = { id: faq.id, direction };
      reorder(ids, {
        onError: (error) =>
          toast.error('Failed to reorder FAQs', { description: serverMessageOr(error, 'Please try again.') }),
      });
    },
    [all, shown, reorder],
  );

  const columns = useMemo(() => faqColumns(setEditing), []);
  const order = useMemo(() => ({ shown: shown ?? [], move }), [shown, move]);

  return (
    <FaqOrder value={order}>
      <ContentList
        title="FAQs"
        noun="FAQs"
        description="In the order the Help page shows them. Unpublished questions are hidden there."
        search={{ label: 'Search FAQs', placeholder: 'Search questions and answers' }}
        status={FAQS.status}
        table={table}
        query={query}
        list={shown && { items: shown.slice(table.offset, table.offset + table.state.pageSize), total: shown.length }}
        columns={columns}
        rowTestId="faq"
        renderCard={(faq) => (
          <ContentCard
            title={faq.question}
            kind="published"
            isOn={faq.isPublished}
            statusSwitch={<PublishSwitch faq={faq} />}
            actions={<RowActions faq={faq} onEdit={setEditing} />}
          >
            <p className="text-sm wrap-anywhere text-muted-foreground">{answerPreview(faq.answer)}</p>
          </ContentCard>
        )}
        empty={{
          icon: HelpCircleIcon,
          title: 'No FAQs yet. Add the first question with Add FAQ; it shows on the Help page once published.',
        }}
      />
      <EditFaqDialog faq={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </FaqOrder>
  );
}

/**
 * The list as shown and the move, for the rows' Move buttons: read from context, so the table's columns stay
 * constant (new columns would remount every cell, and the keyboard's focus with them).
 */
const FaqOrder = createContext<{ shown: Faq[]; move(faq: Faq, direction: 'up' | 'down'): void }>({
  shown: [],
  move: () => {},
});

/** Question, Answer, Published, Actions (spec §2). */
function faqColumns(onEdit: (faq: Faq) => void): Array<ColumnDef<Faq, unknown> & { id: string }> {
  return [
    nameColumn('question', 'Question', (faq) => faq.question),
    {
      id: 'answer',
      header: 'Answer',
      meta: {
        label: 'Answer',
        cellClassName: 'max-w-96 text-sm whitespace-normal wrap-anywhere text-muted-foreground',
      },
      cell: ({ row }) => <span title={row.original.answer}>{answerPreview(row.original.answer)}</span>,
    },
    statusColumn('published', (faq) => <PublishSwitch faq={faq} />),
    actionsColumn((faq) => <RowActions faq={faq} onEdit={onEdit} />),
  ];
}

function PublishSwitch({ faq }: { faq: Faq }) {
  const updateFaq = useUpdateFaq();
  return (
    <StatusSwitch
      kind="published"
      name={faq.question}
      isOn={faq.isPublished}
      effects={['The question shows on the Help page.', 'The question is hidden from the Help page.']}
      change={(isOn) => updateFaq.mutateAsync({ id: faq.id, changes: { is_published: isOn } })}
      toasts={{
        done: (isOn) => (isOn ? 'FAQ published' : 'FAQ unpublished'),
        description: `“${faq.question}”`,
        failed: 'Failed to update FAQ',
      }}
    />
  );
}

function RowActions({ faq, onEdit }: { faq: Faq; onEdit(faq: Faq): void }) {
  const deleteFaq = useDeleteFaq();
  const { shown, move } = useContext(FaqOrder);
  const position = shown.findIndex((item) => item.id === faq.id);
  return (
    <DataTableRowActions
      name={faq.question}
      onEdit={() => onEdit(faq)}
      deletion={{
        title: `Delete the FAQ “${faq.question}”?`,
        description: 'It is removed from the Help page. This cannot be undone.',
        remove: () => deleteFaq.mutateAsync(faq.id),
        done: 'FAQ deleted successfully',
        doneDescription: `“${faq.question}”`,
        failed: 'Failed to delete FAQ',
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
          disabled={direction === 'up' ? position === 0 : position === shown.length - 1}
          onClick={() => move(faq, direction)}
        >
          {direction === 'up' ? <ArrowUpIcon aria-hidden="true" /> : <ArrowDownIcon aria-hidden="true" />}
        </Button>
      ))}
    </DataTableRowActions>
  );
}

function EditFaqDialog({ faq, onOpenChange }: { faq: Faq | null; onOpenChange(open: boolean): void }) {
  return (
    <FormSheet open={faq !== null} onOpenChange={onOpenChange}>
      {faq && <EditFaqForm key={faq.id} faq={faq} onDone={() => onOpenChange(false)} />}
    </FormSheet>
  );
}

function EditFaqForm({ faq, onDone }: { faq: Faq; onDone(): void }) {
  const updateFaq = useUpdateFaq();
  const form = useFaqForm(faqToForm(faq));
  return (
    <FormSheetBody
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
    </FormSheetBody>
  );
}
