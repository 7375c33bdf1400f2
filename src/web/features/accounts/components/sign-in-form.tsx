/**
 * The sign-in screen of spec §2: three modes (Sign In, Create Account, Reset Password), a visible ALTCHA captcha,
 * the confirmation screens 'Account Created!' and 'Reset Email Sent!', and the toasts of spec §8.
 * Used by /login and by the gate (<ProtectedPage>) when nobody is signed in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircleIcon, CheckCircle2Icon, KeyRoundIcon, MailCheckIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '~/lib/toast';
import { z } from 'zod';
import {
  CAPTCHA_REQUIRED_MESSAGE,
  type Credentials,
  CredentialsSchema,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  EmailOnlySchema,
  INVALID_CREDENTIALS_MESSAGE,
} from '../../../../shared/schemas/accounts';
import {
  CODE_INVALID_MESSAGE,
  RecoveryCodeSchema,
  SIGN_IN_CHALLENGE_EXPIRED_MESSAGE,
  type SignInChallengeResponse,
  type SignInSessionResponse,
  TotpCodeSchema,
} from '../../../../shared/schemas/second-factor';
import { Captcha, type CaptchaHandle } from '~/components/captcha';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';
import { InputField } from '~/components/form';
import { NeedsJavaScript } from '~/components/needs-javascript';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { can, roleOfUser } from '../../../../shared/permissions';
import { serverErrorText } from '~/lib/api-client';
import { useAuth } from '~/lib/auth';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useSendConfirmationEmail } from '../api/send-confirmation-email';
import { useSignIn } from '../api/sign-in';
import { useSignInSecondFactor } from '../api/sign-in-second-factor';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';
import { isPasskeyCancelled, PASSKEY_CANCELLED_MESSAGE, usePasskeySupport } from '~/lib/webauthn';
import { useSignUp } from '../api/sign-up';

type Mode = 'sign-in' | 'sign-up' | 'reset';

/** Staff have the Security page in the back-office (decision 0051). */
const SECURITY_PATH_FOR_STAFF = '/admin/security';

// Reset mode has no password field (spec §2): it validates the e-mail only, and never sends the (empty) password.
const ResetModeSchema = EmailOnlySchema.extend({ password: z.string() });
type Outcome = 'account-created' | 'reset-sent';

const MODE_TEXT: Record<Mode, { title: string; description: string; submit: string }> = {
  'sign-in': {
    title: 'Sign In',
    description: 'Sign in to use the API tester and your account.',
    submit: 'Sign In',
  },
  'sign-up': {
    title: 'Create Account',
    description: 'Create an account. You confirm your e-mail address, then an administrator approves the account.',
    submit: 'Create Account',
  },
  reset: {
    title: 'Reset Password',
    description: "Enter your account's e-mail address and we will send you a link to choose a new password.",
    submit: 'Send Reset Link',
  },
};

export interface SignInFormProps {
  /**
   * /login sends the user on after signing in (spec §4: admins to /admin, others to /overview). The gate leaves
   * this off: the protected page the visitor asked for renders in place once they are signed in.
   */
  navigateAfterSignIn?: boolean;
}

/**
 * After a session is granted (by the password, or by the second step): store it, and go on. With REQUIRE_STAFF_MFA,
 * staff without a second factor go to the Security page to set it up, wherever they signed in.
 */
function useFinishSignIn(navigateAfterSignIn: boolean) {
  const auth = useAuth();
  const navigate = useNavigate();
  return (result: SignInSessionResponse) => {
    auth.signIn(result.token, result.user);
    if (result.secondFactorSetupRequired) {
      toast.info('Set up two-step sign-in', { description: 'Your role needs it before you can use the back-office.' });
      void navigate(`${SECURITY_PATH_FOR_STAFF}?setup=two-step`);
    } else if (navigateAfterSignIn) {
      void navigate(can(roleOfUser(result.user), 'admin.enter') ? '/admin' : '/overview');
    }
  };
}

export function SignInForm({ navigateAfterSignIn = false }: SignInFormProps) {
  const [mode, setMode] = useState<Mode>('sign-in');
  // The password was right and the account has a second factor: the code step, with the challenge it answers.
  const [challenge, setChallenge] = useState<SignInChallengeResponse | null>(null);
  const [outcome, setOutcome] = useState<{ kind: Outcome; email: string } | null>(null);
  // The e-mail typed so far survives a switch of mode; 'Back to Sign In' from a confirmation screen clears it.
  const [email, setEmail] = useState('');

  function backToSignIn() {
    setOutcome(null);
    setEmail('');
    setMode('sign-in');
  }

  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      {outcome ? (
        <OutcomeCard kind={outcome.kind} email={outcome.email} onBack={backToSignIn} />
      ) : challenge ? (
        <SecondFactorStep
          challenge={challenge.challenge}
          methods={challenge.methods}
          navigateAfterSignIn={navigateAfterSignIn}
          onExpired={() => setChallenge(null)}
        />
      ) : (
        <CredentialsCard
          key={mode}
          mode={mode}
          initialEmail={email}
          onModeChange={(next, currentEmail) => {
            setEmail(currentEmail);
            setMode(next);
          }}
          onDone={(kind, doneEmail) => setOutcome({ kind, email: doneEmail })}
          onChallenge={(next, currentEmail) => {
            setEmail(currentEmail);
            setChallenge(next);
          }}
          navigateAfterSignIn={navigateAfterSignIn}
        />
      )}
    </section>
  );
}

function CredentialsCard({
  mode,
  initialEmail,
  onModeChange,
  onDone,
  onChallenge,
  navigateAfterSignIn,
}: {
  mode: Mode;
  initialEmail: string;
  onModeChange(mode: Mode, email: string): void;
  onDone(kind: Outcome, email: string): void;
  onChallenge(challenge: SignInChallengeResponse, email: string): void;
  navigateAfterSignIn: boolean;
}) {
  const text = MODE_TEXT[mode];
  const isReset = mode === 'reset';
  const finishSignIn = useFinishSignIn(navigateAfterSignIn);
  const signIn = useSignIn();
  const passkeySignIn = useSignInWithPasskey();
  // Known after hydration only: the server renders the form without the passkey button.
  const canUsePasskeys = usePasskeySupport() === true;
  const signUp = useSignUp();
  const requestReset = useRequestPasswordReset();
  const resendConfirmation = useSendConfirmationEmail();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  // Spec §8's captcha message, once, under the captcha (issue 37 §13; decision 0061): no toast, no form alert too.
  const [isCaptchaMissing, setIsCaptchaMissing] = useState(false);
  const captchaErrorId = useId();
  /*
   * The last error, beside the form as well as in the toast (issue 27 §4): a toast in a far corner is easy to miss
   * and leaves on its own. `attempt` re-creates the alert, so the same error twice is announced twice.
   */
  const [formError, setFormError] = useState<{ message: string; attempt: number } | null>(null);
  // An unconfirmed account: the resend action stays under the form (a toast's action would disappear with it).
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent'>('idle');

  function showError(title: string, description: string, action?: { label: string; onClick: () => void }) {
    toast.error(title, { description, action });
    setFormError((current) => ({ message: description, attempt: (current?.attempt ?? 0) + 1 }));
  }

  const form = useForm<z.input<typeof CredentialsSchema>, unknown, Credentials>({
    resolver: zodResolver(isReset ? ResetModeSchema : CredentialsSchema),
    defaultValues: { email: initialEmail, password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!captcha) {
      setFormError(null);
      setIsCaptchaMissing(true);
      return;
    }
    try {
      if (mode === 'sign-in') await submitSignIn(values, captcha);
      else if (mode === 'sign-up') await submitSignUp(values, captcha);
      else await submitReset(values.email, captcha);
    } finally {
      // Each captcha solution is accepted once: the next attempt needs a new one.
      captchaRef.current?.reset();
      setCaptcha(null);
    }
  });

  async function submitSignIn(values: Credentials, solved: string) {
    try {
      const result = await signIn.mutateAsync({ ...values, captcha: solved });
      setFormError(null);
      if ('challenge' in result) onChallenge(result, values.email);
      else finishSignIn(result);
    } catch (error) {
      const description = serverErrorText(error) ?? INVALID_CREDENTIALS_MESSAGE;
      // An unconfirmed account may have lost the first e-mail: offer to send the link again.
      const isUnconfirmed = description === EMAIL_NOT_CONFIRMED_MESSAGE;
      if (isUnconfirmed && unconfirmedEmail !== values.email) {
        setUnconfirmedEmail(values.email);
        setResendState('idle');
      }
      showError(
        'Sign In Error',
        description,
        isUnconfirmed ? { label: 'Resend email', onClick: () => resend(values.email) } : undefined,
      );
    }
  }

  /** Passwordless: the browser offers this site's passkeys; any refusal is the generic sign-in error. */
  async function signInWithPasskey() {
    try {
      const result = await passkeySignIn.mutateAsync(undefined);
      setFormError(null);
      finishSignIn(result);
    } catch (error) {
      if (isPasskeyCancelled(error)) showError('Sign In Error', PASSKEY_CANCELLED_MESSAGE);
      else showError('Sign In Error', serverErrorText(error) ?? INVALID_CREDENTIALS_MESSAGE);
    }
  }

  function resend(address: string) {
    setResendState('sending');
    resendConfirmation.mutate(
      { email: address },
      {
        onSuccess: () => {
          setResendState('sent');
          toast.success('Email Sent', { description: 'Check your inbox for a new confirmation link.' });
        },
        onError: (error) => {
          setResendState('idle');
          showError('Error', serverErrorText(error) ?? 'Failed to send the email');
        },
      },
    );
  }

  async function submitSignUp(values: Credentials, solved: string) {
    try {
      await signUp.mutateAsync({ ...values, captcha: solved });
      toast.success('Account Created', { description: 'Please check your email for confirmation instructions.' });
      onDone('account-created', values.email);
    } catch (error) {
      showError('Sign Up Error', serverErrorText(error) ?? 'Failed to create account');
    }
  }

  async function submitReset(address: string, solved: string) {
    try {
      await requestReset.mutateAsync({ email: address, captcha: solved });
      toast.success('Email Sent', { description: 'Check your email for password reset instructions.' });
      onDone('reset-sent', address);
    } catch (error) {
      showError('Error', serverErrorText(error) ?? 'Failed to send reset email');
    }
  }

  const switchTo = (next: Mode) => () => onModeChange(next, form.getValues('email'));

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      {/* The captcha, the calls and the mode switches need JavaScript: without them, say so instead of a form that cannot sign in. */}
      <NeedsJavaScript hides="[data-sign-in-form]" className="px-6 pb-6" />
      <FormProvider {...form}>
        <form method="post" onSubmit={onSubmit} noValidate aria-label={text.title} data-sign-in-form="">
          <CardContent className="flex flex-col gap-5">
            <InputField name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
            {!isReset && (
              <InputField
                name="password"
                label="Password"
                description={mode === 'sign-up' ? 'At least 6 characters.' : undefined}
                type="password"
                autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
              />
            )}
            <div className="flex flex-col gap-1.5">
              <Captcha
                ref={captchaRef}
                onChange={(payload) => {
                  setCaptcha(payload);
                  if (payload) setIsCaptchaMissing(false);
                }}
              />
              {isCaptchaMissing && (
                <p id={captchaErrorId} role="alert" className="flex items-center gap-1.5 text-sm text-destructive">
                  <AlertCircleIcon aria-hidden="true" className="size-4 shrink-0" />
                  {CAPTCHA_REQUIRED_MESSAGE}
                </p>
              )}
            </div>
            {formError && (
              <AttemptAlert key={formError.attempt} message={formError.message} />
            )}
            <Button type="submit" className="w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Please wait...' : text.submit}
            </Button>
            {mode === 'sign-in' && canUsePasskeys && (
              <>
                <p className="flex items-center gap-3 text-xs text-muted-foreground uppercase before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
                  or
                </p>
                <Button
                  type="button"
                  variant="outline"
                  className="w-full"
                  disabled={passkeySignIn.isPending}
                  onClick={() => void signInWithPasskey()}
                >
                  <KeyRoundIcon aria-hidden="true" />{' '}
                  {passkeySignIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
                </Button>
              </>
            )}
            {mode === 'sign-in' && unconfirmedEmail && (
              <div className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-sm">
                <p className="text-muted-foreground">
                  No confirmation e-mail for <strong className="break-all text-foreground">{unconfirmedEmail}</strong>?
                  We can send the link again.
                </p>
                <Button
                  type="button"
                  variant="outline"
                  disabled={resendState === 'sending'}
                  onClick={() => resend(unconfirmedEmail)}
                >
                  <MailCheckIcon aria-hidden="true" /> Resend confirmation e-mail
                </Button>
                <p role="status" className="text-muted-foreground empty:hidden">
                  {resendState === 'sent' ? `Sent: check ${unconfirmedEmail} for a new confirmation link.` : ''}
                </p>
              </div>
            )}
          </CardContent>
        </form>
      </FormProvider>
      <CardFooter className="mt-1 flex flex-col gap-1 text-sm" data-sign-in-form="">
        {mode === 'sign-in' && (
          <>
            <Button type="button" variant="link" onClick={switchTo('sign-up')}>
              Need an account? Sign up
            </Button>
            <Button type="button" variant="link" onClick={switchTo('reset')}>
              Forgot your password?
            </Button>
          </>
        )}
        {mode === 'sign-up' && (
          <Button type="button" variant="link" onClick={switchTo('sign-in')}>
            Already have an account? Sign in
          </Button>
        )}
        {mode === 'reset' && (
          <Button type="button" variant="link" onClick={switchTo('sign-in')}>
            Back to Sign In
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

type CodeKind = 'code' | 'recoveryCode';

/**
 * The second step (decision 0053): the 6-digit code of the authenticator app, or one recovery code. A wrong code
 * keeps the step (the challenge survives it); an expired challenge goes back to the password.
 */
function SecondFactorStep({
  challenge,
  methods,
  navigateAfterSignIn,
  onExpired,
}: {
  challenge: string;
  methods: SignInChallengeResponse['methods'];
  navigateAfterSignIn: boolean;
  onExpired(): void;
}) {
  // An account whose only factor is a passkey has no code to type (decision 0057).
  const hasCodes = methods.includes('totp');
  const [kind, setKind] = useState<CodeKind>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<{ message: string; attempt: number } | null>(null);
  const signInSecondFactor = useSignInSecondFactor();
  const passkeySecondStep = useSignInWithPasskey();
  const canUsePasskeys = usePasskeySupport() === true;
  const finishSignIn = useFinishSignIn(navigateAfterSignIn);
  const inputRef = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const isCode = kind === 'code';

  useEffect(() => {
    inputRef.current?.focus();
  }, [kind]);

  function showError(message: string) {
    setError((current) => ({ message, attempt: (current?.attempt ?? 0) + 1 }));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // A double tap submits twice before isPending disables the button (it lands a render later): send one.
    if (sending.current) return;
    const parsed = (isCode ? TotpCodeSchema : RecoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? CODE_INVALID_MESSAGE);
      return;
    }
    sending.current = true;
    try {
      const result = await signInSecondFactor.mutateAsync(
        isCode ? { challenge, code: parsed.data } : { challenge, recoveryCode: parsed.data },
      );
      finishSignIn(result);
    } catch (caught) {
      const message = serverErrorText(caught) ?? INVALID_CREDENTIALS_MESSAGE;
      if (message === SIGN_IN_CHALLENGE_EXPIRED_MESSAGE) {
        toast.error('Sign In Error', { description: message });
        onExpired();
        return;
      }
      setValue('');
      showError(
        message === INVALID_CREDENTIALS_MESSAGE
          ? isCode
            ? 'That code is not right. Try the newest one.'
            : 'That recovery code is not right, or it was used already.'
          : message,
      );
    } finally {
      sending.current = false;
    }
  }

  async function answerWithPasskey() {
    try {
      finishSignIn(await passkeySecondStep.mutateAsync(challenge));
    } catch (caught) {
      const message = serverErrorText(caught);
      if (message === SIGN_IN_CHALLENGE_EXPIRED_MESSAGE) {
        toast.error('Sign In Error', { description: message });
        onExpired();
        return;
      }
      showError(
        isPasskeyCancelled(caught)
          ? PASSKEY_CANCELLED_MESSAGE
          : hasCodes
            ? 'That passkey did not work. Try again, or enter a code.'
            : 'That passkey did not work. Try again.',
      );
    }
  }

  function switchKind() {
    setKind(isCode ? 'recoveryCode' : 'code');
    setValue('');
    setError(null);
  }

  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">Two-step sign-in</h1>
        <CardDescription>
          {!hasCodes
            ? 'Use your passkey to finish signing in.'
            : isCode
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'}
        </CardDescription>
      </CardHeader>
      {!hasCodes && error && (
        <CardContent>
          <AttemptAlert key={error.attempt} message={error.message} />
        </CardContent>
      )}
      {hasCodes && (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Two-step sign-in">
          <CardContent className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Label htmlFor="second-factor-code">{isCode ? 'Authentication code' : 'Recovery code'}</Label>
              <Input
                id="second-factor-code"
                ref={inputRef}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                autoComplete="one-time-code"
                inputMode={isCode ? 'numeric' : 'text'}
                autoCapitalize="off"
                spellCheck={false}
                placeholder={isCode ? '123456' : 'abcde-23456'}
                maxLength={isCode ? 20 : 40}
                aria-invalid={error ? true : undefined}
                className="font-mono tracking-widest"
              />
            </div>
            {error && (
              <AttemptAlert key={error.attempt} message={error.message} />
            )}
            <Button type="submit" className="w-full" disabled={signInSecondFactor.isPending}>
              {signInSecondFactor.isPending ? 'Please wait...' : 'Verify'}
            </Button>
          </CardContent>
        </form>
      )}
      <CardFooter className="mt-1 flex flex-col gap-1 text-sm">
        {canUsePasskeys && methods.includes('passkey') && (
          <Button
            type="button"
            variant={hasCodes ? 'outline' : 'default'}
            className="mb-2 w-full"
            disabled={passkeySecondStep.isPending}
            onClick={() => void answerWithPasskey()}
          >
            <KeyRoundIcon aria-hidden="true" />{' '}
            {passkeySecondStep.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
          </Button>
        )}
        {hasCodes && (
          <Button type="button" variant="link" onClick={switchKind}>
            {isCode ? 'Use a recovery code' : 'Use your authenticator app'}
          </Button>
        )}
        <Button type="button" variant="link" onClick={onExpired}>
          Back to Sign In
        </Button>
      </CardFooter>
    </Card>
  );
}

function OutcomeCard({ kind, email, onBack }: { kind: Outcome; email: string; onBack(): void }) {
  const Icon = kind === 'account-created' ? CheckCircle2Icon : MailCheckIcon;
  return (
    <Card className="text-center">
      <CardHeader className="justify-items-center">
        <Icon aria-hidden="true" className="size-12 text-success" />
        <h1 className="text-2xl font-bold tracking-tight">
          {kind === 'account-created' ? 'Account Created!' : 'Reset Email Sent!'}
        </h1>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-muted-foreground">
        {kind === 'account-created' ? (
          <>
            <p>
              Check your email: we sent a confirmation link to <strong className="text-foreground">{email}</strong>.
            </p>
            <p>Open it to confirm your address. An administrator then approves your account, and you can sign in.</p>
          </>
        ) : (
          <>
            <p>
              If an account exists for <strong className="text-foreground">{email}</strong>, an email with a link to
              reset your password is on its way.
            </p>
            <p>The link works once and expires in 1 hour.</p>
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center">
        <Button onClick={onBack}>Back to Sign In</Button>
      </CardFooter>
    </Card>
  );
}

/**
 * A failed attempt's message, focused when it shows so a screen reader reads it at once; keyed by the attempt, so
 * the same message twice is announced and focused again.
 */
function AttemptAlert({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive outline-none focus-visible:ring-[3px] focus-visible:ring-destructive/30"
    >
      <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
