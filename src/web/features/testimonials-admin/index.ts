/** Testimonials admin (issue 12): /admin/testimonials. Separate from features/testimonials so the home page's JavaScript stays small. */
export { TestimonialsAdmin } from './components/testimonials-admin';
