import { useCallback, useEffect, useState } from 'react';

/**
 * What the tester remembers between visits, in this browser's localStorage (the Setup Instructions say so):
 * API client credentials, admin client credentials and the last build GUID name.
 */
export interface TesterSettings {
  clientId: string;
  clientSecret: string;
  adminClientId: string;
  adminClientSecret: string;
  buildGuidName: string;
}

export const TESTER_SETTINGS_STORAGE_KEY = 'api_tester_settings';

const EMPTY: TesterSettings = { clientId: '', clientSecret: '', adminClientId: '', adminClientSecret: '', buildGuidName: '' };

/** Whether a form field's name is one of the remembered settings. */
export function isTesterSetting(name: string): name is keyof TesterSettings {
  return Object.hasOwn(EMPTY, name);
}

function readSettings(): TesterSettings {
  if (typeof window === 'undefined') return EMPTY;
  try {
    const stored = JSON.parse(window.localStorage.getItem(TESTER_SETTINGS_STORAGE_KEY) ?? '{}') as Partial<TesterSettings>;
    return Object.fromEntries(
      Object.keys(EMPTY).map((key) => [key, typeof stored[key as keyof TesterSettings] === 'string' ? stored[key as keyof TesterSettings] : '']),
    ) as unknown as TesterSettings;
  } catch {
    return EMPTY;
  }
}

export function useTesterSettings() {
  // The tester renders only in the browser (behind the sign-in gate), so localStorage can be read at once.
  const [settings, setSettings] = useState<TesterSettings>(readSettings);

  useEffect(() => {
    try {
      window.localStorage.setItem(TESTER_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
    } catch {
      // storage full or blocked: the values still work for this visit
    }
  }, [settings]);

  const update = useCallback((changes: Partial<TesterSettings>) => setSettings((current) => ({ ...current, ...changes })), []);
  return { settings, update };
}
