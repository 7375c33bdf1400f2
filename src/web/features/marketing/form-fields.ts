/**
 * The named inputs each public form posts. With JavaScript the forms send JSON to the API; without it the browser
 * posts these names to the page, whose action reads them back to show the form again (./unsent-form.ts).
 * Light on purpose: route actions import them without pulling a form's code into any page.
 */
export const LEAD_FORM_FIELDS = ['firstName', 'email', 'source'] as const;
export const FEEDBACK_FORM_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export const CONTACT_FORM_FIELDS = ['name', 'email', 'company', 'subject', 'message'] as const;
export const INVITATION_FORM_FIELDS = ['senderName', 'senderEmail', 'recipientName', 'recipientEmail', 'personalMessage'] as const;
export const STAY_UPDATED_FORM_FIELDS = ['email'] as const;
