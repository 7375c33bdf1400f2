import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CreateBannerSchema } from '../../shared/schemas/banners';
import { CreateTestimonialSchema } from '../../shared/schemas/testimonials';
import { schemaResolver } from './form';

/** What react-hook-form passes a resolver on submit (every field, native validation off). */
const submitOptions = <Values extends Record<string, unknown>>(values: Values) =>
  ({ fields: {}, names: Object.keys(values), shouldUseNativeValidation: false }) as unknown as ResolverOptions<Values>;

describe('schemaResolver: the shared schema checks a form whose values are the controls’ shapes', () => {
  const banner = {
    title: '',
    type: 'warning' as const,
    message: '',
    backgroundColor: '#F59E0B',
    textColor: '#ffffff',
    displayOrder: 'not a number',
    isActive: true,
    isCloseable: true,
    startDate: '2026-05-02T10:00:00.000Z' as string | null,
    endDate: '2026-05-01T10:00:00.000Z' as string | null,
  };

  it('gives the spec’s texts under the fields that have them', async () => {
    const resolve = schemaResolver<typeof banner, typeof CreateBannerSchema>(CreateBannerSchema);
    const { errors } = await resolve(banner, undefined, submitOptions(banner));
    expect(errors.title?.message).toBe('Title is required');
    expect(errors.message?.message).toBe('Message is required');
  });

  it('answers with the parsed values the API reads (order as a number, dates as dates, colours lower-case)', async () => {
    const resolve = schemaResolver<typeof banner, typeof CreateBannerSchema>(CreateBannerSchema);
    const valid: typeof banner = { ...banner, title: 'Sale', message: 'Now', endDate: null };
    const { values, errors } = await resolve(valid, undefined, submitOptions(valid));
    expect(errors).toEqual({});
    expect(values).toMatchObject({ displayOrder: 0, backgroundColor: '#f59e0b', endDate: null, startDate: new Date('2026-05-02T10:00:00.000Z') });
  });

  it('puts a refinement on the field it names (the end date before the start)', async () => {
    const resolve = schemaResolver<typeof banner, typeof CreateBannerSchema>(CreateBannerSchema);
    const late: typeof banner = { ...banner, title: 'Sale', message: 'Now' };
    const { errors } = await resolve(late, undefined, submitOptions(late));
    expect(errors.endDate?.message).toBe('End date must be after the start date');
  });

  it('reads the snake_case names of a write body, and a select’s "" as no rating', async () => {
    const testimonial = {
      customer_name: 'Ada',
      customer_title: '',
      customer_company: '',
      testimonial_text: 'Useful.',
      rating: '',
      avatar_url: '',
      is_featured: false,
      is_published: true,
    };
    const resolve = schemaResolver<typeof testimonial, typeof CreateTestimonialSchema>(CreateTestimonialSchema);
    const { values, errors } = await resolve(testimonial, undefined, submitOptions(testimonial));
    expect(errors).toEqual({});
    expect(values).toMatchObject({ customer_name: 'Ada', rating: null, customer_title: null, avatar_url: null });
    const unrated = { ...testimonial, rating: '7' };
    const refused = await resolve(unrated, undefined, submitOptions(unrated));
    expect(refused.errors.rating?.message).toBe('Rating must be a whole number from 1 to 5');
  });
});
