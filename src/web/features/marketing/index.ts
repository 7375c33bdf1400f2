/**
 * The marketing site: page sections, the legal layout, the public forms, and what a page's action needs to answer
 * a form posted without JavaScript (./unsent-form.ts). Re-exports only: the browser build treats this file as free
 * of side effects, so a page gets the parts it imports and not the rest (decision 0083).
 */
export { ClaimsSection, FeaturesSection, PainPointsSection, PrivacyPromise, ProSection } from './components/home-sections';
export { type LegalSection, LegalPage } from './components/legal-page';
export { DownloadLinks, type Feature, FeatureCard, FeatureGrid, FormCard, FormPlaceholder, FormWithAside, IconBadge, PageIntro, Section, SectionHeading } from './components/section';
export type { LeadFormProps, UnsentLeadForm } from './components/lead-form';
export { CONTACT_FORM_FIELDS, FEEDBACK_FORM_FIELDS, INVITATION_FORM_FIELDS, LEAD_FORM_FIELDS, STAY_UPDATED_FORM_FIELDS } from './form-fields';
export { readUnsentForm, type UnsentForm, unsentFormAction } from './unsent-form';
export { ContactForm, FeedbackForm, InvitationForm, LeadForm, ProWaitlistForm, StayUpdatedForm } from './forms';
