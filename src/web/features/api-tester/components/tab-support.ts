import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '~/lib/toast';
import type { TesterRequest, TesterResponse } from '../api/send-tester-request';
import type { RunOptions } from '../use-tester-console';
import { isTesterSetting, type TesterSettings } from '../use-tester-settings';
import { readAuthToken } from '~/lib/api-client';

/** What every tab gets from the tester: the call runner and the remembered settings. */
export interface TabProps {
  run(request: TesterRequest, options: RunOptions): Promise<TesterResponse | null>;
  isBusy: boolean;
  settings: TesterSettings;
  update(changes: Partial<TesterSettings>): void;
}

/** The signed-in user's token, as the tester sends it. */
export function bearer(): Record<string, string> {
  const token = readAuthToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Client credentials when given, else the signed-in user's token (an admin then sees every jot). */
export function clientOrBearer(id: string, secret: string, names: [string, string]): Record<string, string> {
  return id.trim() ? { [names[0]]: id.trim(), [names[1]]: secret } : bearer();
}

/** Spec §8: the tester's Validation Error toast. */
export function validationError(message: string) {
  toast.error('Validation Error', { description: message });
}

export const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? '' : 's'}`;

/**
 * A tab's form whose fields include remembered settings (credentials, the build GUID name): each one is kept in the
 * tester's settings as it is typed, so another tab and the next visit see it (the Setup Instructions promise it).
 */
export function useRememberedFields<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  update: TabProps['update'],
) {
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name && isTesterSetting(name)) update({ [name]: String((values as Record<string, unknown>)[name] ?? '') });
    });
    return () => subscription.unsubscribe();
  }, [form, update]);
}
