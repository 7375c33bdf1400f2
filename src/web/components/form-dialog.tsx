/**
 * The admin kit's dialog with a form (issue 26 §2): title, description, the <Form> with its fields, Cancel and the
 * submit button. Cancel and Esc close it and focus goes back to what opened it (the dialog primitive). The form
 * is mounted only while open, so each opening starts from `defaultValues`.
 *
 *   <FormDialog open={open} onOpenChange={setOpen} title="Add User" submitLabel="Create User">
 *     <UserForm … />   // renders <FormDialogBody form=… onSubmit=…> with its Fields
 *   </FormDialog>
 *
 * An item's dialog (add when `item` is null, else edit) is ItemFormDialog, with itemFormLabels for its texts:
 *
 *   export function BannerFormDialog(props: ItemDialogProps<Banner>) {
 *     return <ItemFormDialog {...props} Form={BannerForm} />;   // BannerForm({ item, onDone }) renders the body
 *   }
 */
import { type ComponentType, Fragment, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';

export function FormDialog({
  open,
  onOpenChange,
  className,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's width when the fields need more room (`sm:max-w-2xl`). */
  className?: string;
  /** A component that renders <FormDialogBody>; mounted only while open. */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open && children}</DialogContent>
    </Dialog>
  );
}

/** What an item's form dialog takes: `item` null adds one, else that item is edited. */
export interface ItemDialogProps<Item> {
  open: boolean;
  item: Item | null;
  onOpenChange(open: boolean): void;
}

/** What ItemFormDialog gives the item's form. */
export interface ItemFormProps<Item> {
  item: Item | null;
  onDone(): void;
}

/** The dialog that adds an item or edits one; its form is keyed on the item, so each opening starts from its values. */
export function ItemFormDialog<Item extends { id: number | string }>({
  open,
  item,
  onOpenChange,
  className,
  Form,
}: ItemDialogProps<Item> & { className?: string; Form: ComponentType<ItemFormProps<Item>> }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className={className}>
      <Form key={item?.id ?? 'new'} item={item} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/**
 * An item form's title and buttons: "Edit {noun}" and `save` while editing, "{add} {noun}" while adding (the
 * spec's texts: Create Banner / Update Banner, Add Testimonial / Save Changes…), and "Saving..." while it sends.
 */
export function itemFormLabels(
  isEdit: boolean,
  noun: string,
  { add = 'Create', save = `Update ${noun}`, create = `${add} ${noun}` }: { add?: 'Create' | 'Add'; save?: string; create?: string } = {},
) {
  return { title: isEdit ? `Edit ${noun}` : `${add} ${noun}`, submitLabel: isEdit ? save : create, pendingLabel: 'Saving...' };
}

/** What the form of a dialog (FormDialogBody) or of a side panel (FormSheetBody) takes. */
export interface FormBodyProps<Values extends FieldValues, Output = Values> {
  form: UseFormReturn<Values, unknown, Output>;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  pendingLabel?: string;
  onSubmit(values: Output): Promise<unknown> | void;
  onError?(error: unknown): void;
  onCancel(): void;
  children: ReactNode;
}

/** Cancel, then the submit button, which says `pendingLabel` while the form is sending. */
export function FormBodyButtons({
  form,
  submitLabel,
  pendingLabel = 'Please wait...',
  onCancel,
}: Pick<FormBodyProps<FieldValues>, 'submitLabel' | 'pendingLabel' | 'onCancel'> & {
  form: { formState: { isSubmitting: boolean } };
}) {
  const { isSubmitting } = form.formState;
  return (
    <>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" isPending={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </>
  );
}

/** Where a form body sits: a dialog's or a side panel's header, title, description, fields and footer. */
export interface FormFrame {
  Header: ComponentType<{ children: ReactNode }>;
  Title: ComponentType<{ children: ReactNode }>;
  Description: ComponentType<{ children: ReactNode }>;
  Fields: ComponentType<{ children: ReactNode }>;
  Footer: ComponentType<{ children: ReactNode }>;
  formClassName?: string;
}

/** Title, description, the fields, then Cancel and the submit button, in a dialog's or a side panel's frame. */
export function FormBody<Values extends FieldValues, Output = Values>({
  frame: { Header, Title, Description, Fields, Footer, formClassName },
  form,
  title,
  description,
  onSubmit,
  onError,
  children,
  ...buttons
}: FormBodyProps<Values, Output> & { frame: FormFrame }) {
  return (
    <Form form={form} onSubmit={onSubmit} onError={onError} className={formClassName}>
      <Header>
        <Title>{title}</Title>
        {description && <Description>{description}</Description>}
      </Header>
      <Fields>{children}</Fields>
      <Footer>
        <FormBodyButtons form={form} {...buttons} />
      </Footer>
    </Form>
  );
}

const DIALOG_FRAME: FormFrame = {
  Header: DialogHeader,
  Title: DialogTitle,
  Description: DialogDescription,
  Fields: Fragment,
  Footer: DialogFooter,
};

export function FormDialogBody<Values extends FieldValues, Output = Values>(props: FormBodyProps<Values, Output>) {
  return <FormBody frame={DIALOG_FRAME} {...props} />;
}
