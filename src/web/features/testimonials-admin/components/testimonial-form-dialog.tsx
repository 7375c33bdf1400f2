import { CreateTestimonialSchema, type Testimonial } from '../../../../shared/schemas/testimonials';
import { useCreateTestimonial, useUpdateTestimonial } from '../api/admin-testimonials';
import { Field, FieldGrid, FieldSelect, InputField, SwitchField, TextareaField, useSchemaForm } from '~/components/form';
import { FormDialogBody, type ItemDialogProps, ItemFormDialog, type ItemFormProps, itemFormLabels } from '~/components/form-dialog';
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

/** Add / edit a testimonial in a dialog (issue 12). `item` null means Add. */
export function TestimonialFormDialog(props: ItemDialogProps<Testimonial>) {
  return <ItemFormDialog {...props} className="sm:max-w-xl" Form={TestimonialForm} />;
}

function TestimonialForm({ item: testimonial, onDone }: ItemFormProps<Testimonial>) {
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const form = useSchemaForm(CreateTestimonialSchema, defaultValues(testimonial));
  return (
    <FormDialogBody
      form={form}
      {...itemFormLabels(testimonial !== null, 'Testimonial', { add: 'Add', save: 'Save Changes' })}
      description="Published testimonials appear on the home page, featured ones first."
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
      <InputField name="customer_name" label="Customer name" required autoComplete="off" />
      <FieldGrid>
        <InputField name="customer_title" label="Title" autoComplete="off" placeholder="e.g. Product manager" />
        <InputField name="customer_company" label="Company" autoComplete="off" />
      </FieldGrid>
      <TextareaField name="testimonial_text" label="Testimonial" required rows={4} />
      <FieldGrid columns="narrow-wide">
        <Field name="rating" label="Rating">
          <FieldSelect name="rating" options={RATING_OPTIONS} />
        </Field>
        <InputField
          name="avatar_url"
          label="Avatar URL"
          description="A link to a square photo; initials are shown without one."
          type="url"
          autoComplete="off"
        />
      </FieldGrid>
      <div className="flex flex-col gap-3 rounded-lg border p-4">
        <SwitchField name="is_published" label="Published" description="Shown on the home page." />
        <SwitchField name="is_featured" label="Featured" description="Shown before the others." />
      </div>
    </FormDialogBody>
  );
}
