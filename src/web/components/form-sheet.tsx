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
import { FormBody, type FormBodyProps, type FormFrame } from '~/components/form-dialog';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '~/components/ui/sheet';

export function FormSheet({ open, onOpenChange, children }: { open: boolean; onOpenChange(open: boolean): void; children: ReactNode }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-full gap-0 sm:max-w-xl">{open && children}</SheetContent>
    </Sheet>
  );
}

const SHEET_FRAME: FormFrame = {
  Header: ({ children }) => <SheetHeader className="border-b">{children}</SheetHeader>,
  Title: SheetTitle,
  Description: SheetDescription,
  // The fields scroll between the fixed header and footer.
  Fields: ({ children }) => <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-4">{children}</div>,
  Footer: ({ children }) => <SheetFooter className="flex-row justify-end border-t">{children}</SheetFooter>,
  formClassName: 'min-h-0 flex-1 gap-0',
};

export function FormSheetBody<Values extends FieldValues, Output = Values>(props: FormBodyProps<Values, Output>) {
  return <FormBody frame={SHEET_FRAME} {...props} />;
}
