/**
 * The admin kit's side panel with a form (issue 37 §11): FormDialog's sibling for forms that need height (a
 * Markdown editor), sliding in over the list instead of sitting above it. Title, description, the fields in a
 * scrolling area, then Cancel and the submit button at the bottom. Cancel and Esc close it and focus goes back to
 * what opened it (the Sheet primitive, decision 0052). Mounted only while open, so each opening starts afresh.
 *
 *   <FormSheet open={open} onOpenChange={setOpen}>
 *     <AddFaqForm … />   // renders <FormSheetBody form=… onSubmit=…> with its Fields
 *   </FormSheet>
 */
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Form } from '~/components/form';
import { type FormBodyProps, FormBodyButtons } from '~/components/form-dialog';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '~/components/ui/sheet';

export function FormSheet({ open, onOpenChange, children }: { open: boolean; onOpenChange(open: boolean): void; children: ReactNode }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-full gap-0 sm:max-w-xl">{open && children}</SheetContent>
    </Sheet>
  );
}

export function FormSheetBody<Values extends FieldValues, Output = Values>({
  form,
  title,
  description,
  onSubmit,
  onError,
  children,
  ...buttons
}: FormBodyProps<Values, Output>) {
  return (
    <Form form={form} onSubmit={onSubmit} onError={onError} className="min-h-0 flex-1 gap-0">
      <SheetHeader className="border-b">
        <SheetTitle>{title}</SheetTitle>
        {description && <SheetDescription>{description}</SheetDescription>}
      </SheetHeader>
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-4">{children}</div>
      <SheetFooter className="flex-row justify-end border-t">
        <FormBodyButtons form={form} {...buttons} />
      </SheetFooter>
    </Form>
  );
}
