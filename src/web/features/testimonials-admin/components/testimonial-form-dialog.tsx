import { useForm } from 'react-hook-form';
import { CreateTestimonialSchema, type Testimonial } from '../../../../shared/schemas/testimonials';
import { useCreateTestimonial, useUpdateTestimonial } from '../api/admin-testimonials';
import { Field, FieldGrid, FieldSelect, schemaResolver, SwitchField } from '~/components/form';
import { FormDialog, FormDialogBody } from '~/components/form-dialog';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The form's values as the controls hold them (the API reads the same snake_case names). */
interface TestimonialFormValues {
  customer_name: string;
  customer_title: string;
  customer_company: string;
  testimonial_text: string;
  /** '' for no rating. */
  rating: string;
  avatar_url: string;
  is_featured: boolean;
  is_published: boolean;
}

const RATING_OPTIONS = [
  { value: '', label: 'None' },
  ...[5, 4, 3, 2, 1].map((stars) => ({ value: String(stars), label: `${stars} ${stars === 1 ? 'star' : 'stars'}` })),
];

function defaultValues(testimonial: Testimonial | null): TestimonialFormValues {
  return {
    customer_name: testimonial?.customerName ?? '',
    customer_title: testimonial?.customerTitle ?? '',
    customer_company: testimonial?.customerCompany ?? '',
    testimonial_text: testimonial?.testimonialText ?? '',
    rating: testimonial ? (testimonial.rating ? String(testimonial.rating) : '') : '5',
    avatar_url: testimonial?.avatarUrl ?? '',
    is_featured: testimonial?.isFeatured ?? false,
    // Spec §3/§4: a new testimonial is published by default.
    is_published: testimonial?.isPublished ?? true,
  };
}

/** Add / edit a testimonial in a dialog (issue 12). `testimonial` null means Add. */
export function TestimonialFormDialog({ open, testimonial, onOpenChange }: { open: boolean; testimonial: Testimonial | null; onOpenChange(open: boolean): void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-xl">
      <TestimonialForm key={testimonial?.id ?? 'new'} testimonial={testimonial} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TestimonialForm({ testimonial, onDone }: { testimonial: Testimonial | null; onDone(): void }) {
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const form = useForm({
    resolver: schemaResolver<TestimonialFormValues, typeof CreateTestimonialSchema>(CreateTestimonialSchema),
    defaultValues: defaultValues(testimonial),
  });
  return (
    <FormDialogBody
      form={form}
      title={testimonial ? 'Edit Testimonial' : 'Add Testimonial'}
      description="Published testimonials appear on the home page, featured ones first."
      submitLabel={testimonial ? 'Save Changes' : 'Add Testimonial'}
      pendingLabel="Saving..."
      onCancel={onDone}
      onSubmit={async (input) => {
        if (testimonial) {
          await update.mutateAsync({ id: testimonial.id, changes: input });
          toast.success('Testimonial updated');
        } else {
          await create.mutateAsync(input);
          toast.success('Testimonial added');
        }
        onDone();
      }}
      onError={(error) => toast.error(serverMessageOr(error, testimonial ? 'Failed to update testimonial' : 'Failed to add testimonial'))}
    >
      <Field name="customer_name" label="Customer name" required>
        <Input autoComplete="off" {...form.register('customer_name')} />
      </Field>
      <FieldGrid>
        <Field name="customer_title" label="Title">
          <Input autoComplete="off" placeholder="e.g. Product manager" {...form.register('customer_title')} />
        </Field>
        <Field name="customer_company" label="Company">
          <Input autoComplete="off" {...form.register('customer_company')} />
        </Field>
      </FieldGrid>
      <Field name="testimonial_text" label="Testimonial" required>
        <Textarea rows={4} {...form.register('testimonial_text')} />
      </Field>
      <FieldGrid columns="narrow-wide">
        <Field name="rating" label="Rating">
          <FieldSelect name="rating" options={RATING_OPTIONS} />
        </Field>
        <Field name="avatar_url" label="Avatar URL" description="A link to a square photo; initials are shown without one.">
          <Input type="url" autoComplete="off" {...form.register('avatar_url')} />
        </Field>
      </FieldGrid>
      <div className="flex flex-col gap-3 rounded-lg border p-4">
        <SwitchField name="is_published" label="Published" description="Shown on the home page." />
        <SwitchField name="is_featured" label="Featured" description="Shown before the others." />
      </div>
    </FormDialogBody>
  );
}
