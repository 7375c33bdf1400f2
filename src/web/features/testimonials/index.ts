/** Testimonials (issue 12): the admin screen and the home page's grid. */
export { TestimonialsAdmin } from './components/testimonials-admin';
export { TestimonialsGrid } from './components/testimonials-section';
