/**
 * The public forms of the inner pages: feedback, invitation, contact (react-hook-form + the shared zod schemas).
 * A public entry of its own (see index.ts), so that the home page does not load them.
 */
export { ContactForm } from './components/contact-form';
export { FeedbackForm } from './components/feedback-form';
export { InvitationForm } from './components/invitation-form';
