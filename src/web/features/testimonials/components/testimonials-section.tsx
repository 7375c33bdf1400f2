import type { PublicTestimonial } from '../../../../shared/schemas/testimonials';
import { Avatar, Stars } from '~/components/testimonial-avatar';

/** The home page's testimonials (issue 12): published ones, featured first, as the loader gives them. */
export function TestimonialsGrid({ testimonials }: { testimonials: PublicTestimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <div className="mt-12">
      <h3 id="testimonials-heading" className="text-center text-xl font-semibold tracking-tight">
        What people say
      </h3>
      <ul aria-labelledby="testimonials-heading" className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => {
          const role = [testimonial.customerTitle, testimonial.customerCompany].filter(Boolean).join(', ');
          return (
            <li key={testimonial.id} data-testid="testimonial" className="flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-xs">
              {testimonial.rating ? <Stars rating={testimonial.rating} /> : null}
              <blockquote className="grow text-pretty">“{testimonial.testimonialText}”</blockquote>
              <div className="flex items-center gap-3">
                <Avatar name={testimonial.customerName} url={testimonial.avatarUrl} image={testimonial.avatarImage} />
                <div className="min-w-0">
                  <p className="font-semibold">{testimonial.customerName}</p>
                  {role && <p className="text-sm text-muted-foreground">{role}</p>}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
