/** FAQs and the help video (spec §2 Help & FAQ, FAQ Management). */
export { getHelpContent, type HelpContent } from './api/get-help-content';
export { getFaqsQueryOptions, getHelpConfigQueryOptions } from './api/admin-faqs';
export { FaqAccordion } from './components/faq-accordion';
export { FaqManagement } from './components/faq-admin';
export { HelpVideo } from './components/help-video';
export { HelpVideoEditor } from './components/help-video-editor';
