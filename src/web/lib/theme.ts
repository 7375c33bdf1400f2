/**
 * Light and dark (issue 26 §5): the choice — system, light or dark — is kept in the browser; "system" follows
 * `prefers-color-scheme`. The `dark` class on <html> switches app.css's palette. A tiny inline script in the
 * document head (THEME_SCRIPT, with the CSP nonce) sets it before the first paint, so a dark page never flashes
 * light; after that, `applyTheme` keeps it in step with the toggle and the system setting.
 */
import { browserSetting } from './browser-setting';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const themeSetting = browserSetting<ThemeChoice>('theme', THEME_CHOICES, 'system');

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether a choice means dark, given whether the system prefers dark. */
export function isDarkTheme(choice: ThemeChoice, systemPrefersDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemPrefersDark);
}

export function applyTheme(choice: ThemeChoice = themeSetting.read()): void {
  const isDark = isDarkTheme(choice, window.matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.classList.toggle('dark', isDark);
  // Native parts (scrollbars, date pickers, form controls) follow too.
  root.style.colorScheme = isDark ? 'dark' : 'light';
}

/** Re-applies the theme when the system setting changes (it matters while the choice is "system"). */
export function followSystemTheme(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => applyTheme();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * The inline script of the document head: the same rule as `applyTheme`, written out because it runs before any
 * module loads. Kept tiny; it never throws (storage may be off).
 */
export const THEME_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(themeSetting.key)}),d=c==="dark"||(c!=="light"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches),r=document.documentElement;r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light"}catch(e){}`;
