/**
 * Consent (issue 24): the words shown next to each form's button, stored with the lead as what the visitor agreed
 * to. The forms render these very constants, so the record cannot drift from the page. (No zod here: the forms'
 * page bundles import it.)
 */
export const LEAD_FORM_CONSENT_TEXT = 'Free for Windows. We e-mail the link; no spam, unsubscribe anytime.';
export const STAY_UPDATED_CONSENT_TEXT = 'New articles and product news by e-mail, after you confirm your address. Unsubscribe anytime.';
