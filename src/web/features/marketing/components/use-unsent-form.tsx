import { useState } from 'react';
import type { UnsentForm } from '../unsent-form';
import { UnsentFormNotice } from './unsent-form-notice';

/**
 * What a public form starts from, and the notice of a post sent without JavaScript (../unsent-form.ts): the values
 * typed then fill the fields again, and the notice stays until the visitor sends the form with JavaScript.
 * `clear` after a successful send, so the form that reappears ("Send More Feedback") starts empty; `setInitialValues`
 * to bring a form back as it was tried (the lead form's 'Try again').
 */
export function useUnsentForm<Values extends Record<string, string>>(unsent: UnsentForm | undefined, empty: Values) {
  const [initialValues, setInitialValues] = useState<Values>(() => {
    if (!unsent) return empty;
    const values = { ...empty };
    for (const field of Object.keys(empty) as Array<keyof Values & string>) {
      values[field] = (unsent.values[field] ?? '') as Values[typeof field];
    }
    return values;
  });
  const [isNoticeShown, setIsNoticeShown] = useState(Boolean(unsent));
  return {
    initialValues,
    notice: isNoticeShown && unsent ? <UnsentFormNotice supportEmail={unsent.supportEmail} /> : null,
    dismissNotice: () => setIsNoticeShown(false),
    setInitialValues,
    clear: () => setInitialValues(empty),
  };
}
