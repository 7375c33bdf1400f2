/**
 * The marketing site: page sections, the legal layout and the download lead form (light: the home page's first
 * JavaScript). The feedback, invitation and contact forms (react-hook-form + zod) are in `./forms`, a second public
 * entry, so that the home page never loads them.
 */
export { ClaimsSection, FeaturesSection, PainPointsSection, PrivacyPromise, ProSection } from './components/home-sections';
export { LeadForm, type LeadFormProps } from './components/lead-form';
export { type LegalSection, LegalPage } from './components/legal-page';
export { FeatureCard, IconBadge, PageIntro, Section, SectionHeading } from './components/section';
