/**
 * The browser half of passkeys (decision 0057): @simplewebauthn/browser, loaded on first use (decision 0037), so
 * only the Security and sign-in pages that press a passkey button ever download it; the admin's first screen stays
 * within its budget.
 */
import { useSyncExternalStore } from 'react';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { AuthenticationResponse, PasskeyOptions, RegistrationResponse } from '../../shared/schemas/passkeys';

/** Shown when the browser's passkey prompt is closed, times out, or the browser has no passkeys at all. */
export const PASSKEY_CANCELLED_MESSAGE = 'No passkey was used. Try again, or sign in with your password.';

/** True when this browser can make and use passkeys (checked after hydration: the server renders without it). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const noSubscription = () => () => {};
/** Whether this browser can use passkeys: null while rendered on the server (not known there). */
export function usePasskeySupport(): boolean | null {
  return useSyncExternalStore(noSubscription, browserSupportsPasskeys, () => null);
}

/** The person closed the prompt, or it timed out: not an error worth more than a line. */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

export async function createPasskey(options: PasskeyOptions): Promise<RegistrationResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })) as RegistrationResponse;
}

export async function getPasskeyAssertion(options: PasskeyOptions): Promise<AuthenticationResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as AuthenticationResponse;
}
