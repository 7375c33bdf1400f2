/** Testimonials on the public site (issue 12): the home page's grid. The admin screen is features/testimonials-admin. */
export { TestimonialsGrid } from './components/testimonials-section';
