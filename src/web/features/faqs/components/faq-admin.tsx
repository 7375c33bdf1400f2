import {
  AlertTriangleIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  HelpCircleIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Faq } from '../../../../shared/schemas/faqs';
import { useCreateFaq, useDeleteFaq, useFaqs, useReorderFaqs, useUpdateFaq } from '../api/admin-faqs';
import { answerPreview } from './answer-preview';
import { emptyFaq, FaqFields, faqToForm, useFaqForm } from './faq-fields';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { Form } from '~/components/form';
import { FormDialog, FormDialogBody } from '~/components/form-dialog';
import { ListLoadingTable } from '~/components/list-states';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Switch } from '~/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The list's columns, shown over the skeleton rows while it loads. */
const FAQ_COLUMNS = ['Question', 'Answer', 'Published', 'Actions'];

const preview = answerPreview;

/** Spec §2 FAQ Management: the Add FAQ form, then the table Question, Answer, Published, Actions (cards under 768 px). */
export function FaqManagement() {
  const faqsQuery = useFaqs();
  const faqs = faqsQuery.data ?? [];
  const nextOrder = faqs.length === 0 ? 0 : Math.max(...faqs.map((faq) => faq.displayOrder)) + 1;
  return (
    <>
      {/* Remounted once the list is in, so a new question goes last unless the admin picks an order. */}
      <AddFaqForm key={faqsQuery.isSuccess ? 'ready' : 'loading'} nextOrder={nextOrder} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>FAQs{faqsQuery.data ? ` (${faqs.length})` : ''}</h2>
          </CardTitle>
          <CardDescription>
            In the order the Help page shows them. Unpublished questions are hidden there.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {faqsQuery.isPending ? (
            <ListLoadingTable label="Loading FAQs..." columns={FAQ_COLUMNS} />
          ) : faqsQuery.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
              <AlertTriangleIcon aria-hidden="true" className="size-10 text-destructive" />
              <p className="text-destructive">Error loading FAQs: {faqsQuery.error.message}</p>
              <Button variant="outline" onClick={() => void faqsQuery.refetch()}>
                Retry
              </Button>
            </div>
          ) : faqs.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-12 text-center text-muted-foreground">
              <HelpCircleIcon aria-hidden="true" className="size-10" />
              <p>No FAQs yet. Add the first question above; it shows on the Help page once published.</p>
            </div>
          ) : (
            <FaqList faqs={faqs} />
          )}
        </CardContent>
      </Card>
    </>
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

function FaqList({ faqs }: { faqs: Faq[] }) {
  const updateFaq = useUpdateFaq();
  const deleteFaq = useDeleteFaq();
  const reorderFaqs = useReorderFaqs();
  const [editing, setEditing] = useState<Faq | null>(null);
  const [toDelete, setToDelete] = useState<Faq | null>(null);
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
  }, [faqs]);

  function move(faq: Faq, direction: 'up' | 'down') {
    const index = faqs.findIndex((item) => item.id === faq.id);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= faqs.length) return;
    const ids = faqs.map((item) => item.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    focusAfterMove.current = { id: faq.id, direction };
    reorderFaqs.mutate(ids, {
      onError: (error) =>
        toast.error('Failed to reorder FAQs', { description: serverMessageOr(error, 'Please try again.') }),
    });
  }

  function togglePublished(faq: Faq, isPublished: boolean) {
    updateFaq.mutate(
      { id: faq.id, changes: { is_published: isPublished } },
      {
        onSuccess: () =>
          toast.success(isPublished ? 'FAQ published' : 'FAQ unpublished', { description: `“${faq.question}”` }),
        onError: (error) =>
          toast.error('Failed to update FAQ', { description: serverMessageOr(error, 'Please try again.') }),
      },
    );
  }

  function confirmDelete(faq: Faq) {
    deleteFaq.mutate(faq.id, {
      onSuccess: () => {
        toast.success('FAQ deleted successfully', { description: `“${faq.question}”` });
        setToDelete(null);
      },
      onError: (error) =>
        toast.error('Failed to delete FAQ', { description: serverMessageOr(error, 'Please try again.') }),
    });
  }

  const actions = (faq: Faq, index: number) => (
    <RowActions
      faq={faq}
      isFirst={index === 0}
      isLast={index === faqs.length - 1}
      onMove={move}
      onEdit={setEditing}
      onDelete={setToDelete}
    />
  );
  const publishSwitch = (faq: Faq) => (
    <Switch
      checked={faq.isPublished}
      onCheckedChange={(checked) => togglePublished(faq, checked)}
      aria-label={`Published: ${faq.question}`}
      disabled={updateFaq.isPending && updateFaq.variables?.id === faq.id}
    />
  );

  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="FAQs">
          <TableHeader>
            <TableRow>
              <TableHead>Question</TableHead>
              <TableHead>Answer</TableHead>
              <TableHead className="w-28">Published</TableHead>
              <TableHead className="w-52 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {faqs.map((faq, index) => (
              <TableRow key={faq.id} data-testid="faq-row">
                <TableCell className="max-w-64 font-medium whitespace-normal wrap-anywhere">{faq.question}</TableCell>
                <TableCell className="max-w-96 text-sm whitespace-normal text-muted-foreground" title={faq.answer}>
                  {preview(faq.answer)}
                </TableCell>
                <TableCell>{publishSwitch(faq)}</TableCell>
                <TableCell className="text-right">{actions(faq, index)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="FAQs">
        {faqs.map((faq, index) => (
          <li key={faq.id} data-testid="faq-card" className="flex flex-col gap-3 rounded-lg border p-4">
            <p className="font-medium wrap-anywhere">{faq.question}</p>
            <p className="text-sm text-muted-foreground">{preview(faq.answer)}</p>
            <div className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2">
                {publishSwitch(faq)}
                <Badge variant={faq.isPublished ? 'success' : 'secondary'}>
                  {faq.isPublished ? 'Published' : 'Draft'}
                </Badge>
              </span>
              {actions(faq, index)}
            </div>
          </li>
        ))}
      </ul>

      <EditFaqDialog faq={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDeleteDialog
        item={toDelete}
        title={toDelete ? `Delete the FAQ “${toDelete.question}”?` : ''}
        description="It is removed from the Help page. This cannot be undone."
        isDeleting={deleteFaq.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
      />
    </>
  );
}

function RowActions({
  faq,
  isFirst,
  isLast,
  onMove,
  onEdit,
  onDelete,
}: {
  faq: Faq;
  isFirst: boolean;
  isLast: boolean;
  onMove(faq: Faq, direction: 'up' | 'down'): void;
  onEdit(faq: Faq): void;
  onDelete(faq: Faq): void;
}) {
  return (
    <span className="inline-flex shrink-0 gap-1">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Move up: ${faq.question}`}
        data-faq-move="up"
        data-faq-id={faq.id}
        disabled={isFirst}
        onClick={() => onMove(faq, 'up')}
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Move down: ${faq.question}`}
        data-faq-move="down"
        data-faq-id={faq.id}
        disabled={isLast}
        onClick={() => onMove(faq, 'down')}
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Edit: ${faq.question}`}
        onClick={() => onEdit(faq)}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="ghost-destructive"
        size="icon"
        aria-label={`Delete: ${faq.question}`}
        onClick={() => onDelete(faq)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </span>
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
