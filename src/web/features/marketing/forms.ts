import { lazyHydrated } from '~/lib/lazy-hydrated';

/*
 * The forms' code (react-hook-form, zod, the captcha) stays out of every page's first JavaScript (docs/architecture.md §8: the
 * home page's 150 KB): each form renders in the server HTML and hydrates when its chunk arrives (decision 0007;
 * render it inside <Suspense fallback={<FormPlaceholder />}>). A static export would put that code into every page
 * that renders a form.
 * `X.preload()` fetches a form's code before a client-side navigation renders it.
 */
export const LeadForm = lazyHydrated(async () => ({ default: (await import('./components/lead-form')).LeadForm }));
export const FeedbackForm = lazyHydrated(async () => ({ default: (await import('./components/feedback-form')).FeedbackForm }));
export const ContactForm = lazyHydrated(async () => ({ default: (await import('./components/contact-form')).ContactForm }));
export const InvitationForm = lazyHydrated(async () => ({ default: (await import('./components/invitation-form')).InvitationForm }));
export const ProWaitlistForm = lazyHydrated(async () => ({ default: (await import('./components/subscribe-form')).ProWaitlistForm }));
export const StayUpdatedForm = lazyHydrated(async () => ({ default: (await import('./components/subscribe-form')).StayUpdatedForm }));
