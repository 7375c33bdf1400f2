import { useId, useState } from 'react';
import { CreateTestimonialSchema, type Testimonial } from '../../../../shared/schemas/testimonials';
import { useCreateTestimonial, useUpdateTestimonial } from '../api/admin-testimonials';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { Textarea } from '~/components/ui/textarea';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

interface Values {
  customer_name: string;
  customer_title: string;
  customer_company: string;
  testimonial_text: string;
  rating: string;
  avatar_url: string;
  is_featured: boolean;
  is_published: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

function initialValues(testimonial: Testimonial | null): Values {
  return {
    customer_name: testimonial?.customerName ?? '',
    customer_title: testimonial?.customerTitle ?? '',
    customer_company: testimonial?.customerCompany ?? '',
    testimonial_text: testimonial?.testimonialText ?? '',
    rating: testimonial?.rating ? String(testimonial.rating) : '5',
    avatar_url: testimonial?.avatarUrl ?? '',
    is_featured: testimonial?.isFeatured ?? false,
    // Spec §3/§4: a new testimonial is published by default.
    is_published: testimonial?.isPublished ?? true,
  };
}

/** Add / edit a testimonial in a dialog (issue 12). `testimonial` null means Add. */
export function TestimonialFormDialog({ open, testimonial, onOpenChange }: { open: boolean; testimonial: Testimonial | null; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {open && <TestimonialForm key={testimonial?.id ?? 'new'} testimonial={testimonial} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TestimonialForm({ testimonial, onDone }: { testimonial: Testimonial | null; onDone(): void }) {
  const id = useId();
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const [values, setValues] = useState<Values>(() => initialValues(testimonial));
  const [errors, setErrors] = useState<Errors>({});
  const isSaving = create.isPending || update.isPending;

  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const input = { ...values, rating: values.rating === '' ? null : values.rating };
    const parsed = CreateTestimonialSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      if (testimonial) {
        await update.mutateAsync({ id: testimonial.id, changes: input });
        toast.success('Testimonial updated');
      } else {
        await create.mutateAsync(input);
        toast.success('Testimonial added');
      }
      onDone();
    } catch (error) {
      toast.error(serverMessageOr(error, testimonial ? 'Failed to update testimonial' : 'Failed to add testimonial'));
    }
  }

  const field = (key: keyof Values, label: string, control: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => React.ReactNode) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      {control({ id: `${id}-${key}`, ...(errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {}) })}
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="text-sm text-destructive">
          {errors[key]}
        </p>
      )}
    </div>
  );
  const text = (key: 'customer_name' | 'customer_title' | 'customer_company' | 'avatar_url', label: string, type = 'text') =>
    field(key, label, (props) => <Input {...props} type={type} value={values[key]} onChange={(event) => set(key, event.target.value)} />);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{testimonial ? 'Edit Testimonial' : 'Add Testimonial'}</DialogTitle>
        <DialogDescription>Published testimonials appear on the home page, featured ones first.</DialogDescription>
      </DialogHeader>
      {text('customer_name', 'Customer name *')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('customer_title', 'Title')}
        {text('customer_company', 'Company')}
      </div>
      {field('testimonial_text', 'Testimonial *', (props) => (
        <Textarea {...props} rows={4} value={values.testimonial_text} onChange={(event) => set('testimonial_text', event.target.value)} />
      ))}
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {field('rating', 'Rating', (props) => (
          <select
            {...props}
            value={values.rating}
            onChange={(event) => set('rating', event.target.value)}
            className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <option value="">None</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={String(stars)}>
                {stars} {stars === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        ))}
        {text('avatar_url', 'Avatar URL', 'url')}
      </div>
      <div className="flex flex-wrap gap-6">
        <Label className="flex items-center gap-2">
          <Switch checked={values.is_published} onCheckedChange={(checked) => set('is_published', checked)} /> Published
        </Label>
        <Label className="flex items-center gap-2">
          <Switch checked={values.is_featured} onCheckedChange={(checked) => set('is_featured', checked)} /> Featured
        </Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : testimonial ? 'Save Changes' : 'Add Testimonial'}
        </Button>
      </DialogFooter>
    </form>
  );
}
