/**
 * The marketing site: page sections, the legal layout, the public forms, and what a page's action needs to answer
 * a form posted without JavaScript (./unsent-form.ts).
 */
import { lazyHydrated } from '~/lib/lazy-hydrated';

export { ClaimsSection, FeaturesSection, PainPointsSection, PrivacyPromise, ProSection } from './components/home-sections';
export { type LegalSection, LegalPage } from './components/legal-page';
export { DownloadLinks, type Feature, FeatureCard, FeatureGrid, FormCard, FormPlaceholder, FormWithAside, IconBadge, PageIntro, Section, SectionHeading } from './components/section';
export type { LeadFormProps, UnsentLeadForm } from './components/lead-form';
export { CONTACT_FORM_FIELDS, FEEDBACK_FORM_FIELDS, INVITATION_FORM_FIELDS, LEAD_FORM_FIELDS, STAY_UPDATED_FORM_FIELDS } from './form-fields';
export { readUnsentForm, type UnsentForm, unsentFormAction } from './unsent-form';

/*
 * The forms' code (react-hook-form, zod, the captcha) stays out of every page's first JavaScript (docs/architecture.md §8: the
 * home page's 150 KB): each form renders in the server HTML and hydrates when its chunk arrives (decision 0007;
 * render it inside <Suspense fallback={<FormPlaceholder />}>). A static export here would put that code into every
 * page that imports this index, since the bundler keeps a feature's index and what it re-exports in one chunk.
 * `X.preload()` fetches a form's code before a client-side navigation renders it.
 */
export const LeadForm = lazyHydrated(async () => ({ default: (await import('./components/lead-form')).LeadForm }));
export const FeedbackForm = lazyHydrated(async () => ({ default: (await import('./components/feedback-form')).FeedbackForm }));
export const ContactForm = lazyHydrated(async () => ({ default: (await import('./components/contact-form')).ContactForm }));
export const InvitationForm = lazyHydrated(async () => ({ default: (await import('./components/invitation-form')).InvitationForm }));
export const ProWaitlistForm = lazyHydrated(async () => ({ default: (await import('./components/subscribe-form')).ProWaitlistForm }));
export const StayUpdatedForm = lazyHydrated(async () => ({ default: (await import('./components/subscribe-form')).StayUpdatedForm }));
