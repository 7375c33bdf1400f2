/**
 * The admin kit's dialog with a form (issue 26 §2): title, description, the <Form> with its fields, Cancel and the
 * submit button. Cancel and Esc close it and focus goes back to what opened it (the dialog primitive). The form
 * is mounted only while open, so each opening starts from `defaultValues`.
 *
 *   <FormDialog open={open} onOpenChange={setOpen} title="Add User" submitLabel="Create User">
 *     <UserForm … />   // renders <FormDialogBody form=… onSubmit=…> with its Fields
 *   </FormDialog>
 *
 * A body's save ends one way everywhere: `success` is toasted once `onSubmit` resolves and the body closes through
 * `onCancel`; `failure` is toasted for an error that has no field to sit under, with the server's message in place
 * of its last line when the server sent one (spec §8: "server message or '…'").
 */
import { type ComponentType, Fragment, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

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

/** A toast's text: a title alone, or a title with a line under it. */
export type ToastText = string | { title: string; description: string };

/** What the form of a dialog (FormDialogBody) or of a side panel (FormSheetBody) takes. */
export interface FormBodyProps<Values extends FieldValues, Output = Values, Result = unknown> {
  form: UseFormReturn<Values, unknown, Output>;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  pendingLabel?: string;
  onSubmit(values: Output): Promise<Result> | void;
  /** Toasted when `onSubmit` resolves, then the body closes (`onCancel`); a function reads what was sent and saved. */
  success?: ToastText | ((values: Output, result: Result | undefined) => ToastText);
  /** Toasted for a failure with no field to sit under; the server's message, when it sent one, replaces its last line. */
  failure?: ToastText;
  /** In place of `failure`, for a screen that answers an error its own way. */
  onError?(error: unknown): void;
  onCancel(): void;
  children: ReactNode;
}

function showToast(kind: 'success' | 'error', text: ToastText) {
  if (typeof text === 'string') toast[kind](text);
  else toast[kind](text.title, { description: text.description });
}

/** `failure` for this error: the server's own message in place of the last line. */
function failureText(failure: ToastText, error: unknown): ToastText {
  return typeof failure === 'string'
    ? serverMessageOr(error, failure)
    : { title: failure.title, description: serverMessageOr(error, failure.description) };
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
export function FormBody<Values extends FieldValues, Output = Values, Result = unknown>({
  frame: { Header, Title, Description, Fields, Footer, formClassName },
  form,
  title,
  description,
  onSubmit,
  success,
  failure,
  onError,
  children,
  ...buttons
}: FormBodyProps<Values, Output, Result> & { frame: FormFrame }) {
  async function submit(values: Output) {
    const result = (await onSubmit(values)) ?? undefined;
    if (success === undefined) return;
    showToast('success', typeof success === 'function' ? success(values, result) : success);
    buttons.onCancel();
  }
  const answerError = onError ?? (failure === undefined ? undefined : (error: unknown) => showToast('error', failureText(failure, error)));
  return (
    <Form form={form} onSubmit={submit} onError={answerError} className={formClassName}>
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

export function FormDialogBody<Values extends FieldValues, Output = Values, Result = unknown>(props: FormBodyProps<Values, Output, Result>) {
  return <FormBody frame={DIALOG_FRAME} {...props} />;
}
