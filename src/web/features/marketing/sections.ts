/** The home page's static sections, without the lead form (which the home page loads lazily: ./lead-form). */
export { ClaimsSection, FeaturesSection, PainPointsSection, PrivacyPromise, ProSection } from './components/home-sections';
export { Section, SectionHeading } from './components/section';
