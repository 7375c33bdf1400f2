/** FAQs and the help video (spec §2 Help & FAQ). */
export { getHelpContent, type HelpContent } from './api/get-help-content';
export { FaqAccordion } from './components/faq-accordion';
export { HelpVideo } from './components/help-video';
