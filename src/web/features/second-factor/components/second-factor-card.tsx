/**
 * The Security page's two-step sign-in (issue 36 §5; decision 0053): set up an authenticator app (a QR code, or the
 * key as text), confirm it with a first code, and save the ten recovery codes shown once; later, new recovery codes
 * or turning it off, each asking for the password or a current code. With REQUIRE_STAFF_MFA a staff member without
 * it is told why the back-office waits.
 */
import { AlertTriangleIcon, CopyIcon, KeyRoundIcon, ShieldCheckIcon, ShieldIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { EnrolmentResponse, SecondFactorProof } from '../../../../shared/schemas/second-factor';
import { TotpCodeSchema } from '../../../../shared/schemas/second-factor';
import { useConfirmEnrolment } from '../api/confirm-enrolment';
import { useDisableSecondFactor } from '../api/disable-second-factor';
import { useSecondFactor } from '../api/get-second-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useStartEnrolment } from '../api/start-enrolment';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { serverMessageOr } from '~/lib/api-client';
import { toast } from '~/lib/toast';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The Base32 key in groups of four, as authenticator apps show it; spaces are ignored when typed in. */
const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type ProofAction = 'disable' | 'regenerate';

/**
 * `passkeyCount`: the account's passkeys (the page reads them for the passkeys card). A passkey is a second step too
 * (decision 0057), so an account with one but no app is not "Off".
 */
export function SecondFactorCard({ startSetup = false, passkeyCount = 0 }: { startSetup?: boolean; passkeyCount?: number }) {
  const status = useSecondFactor();
  const startEnrolment = useStartEnrolment();
  const [enrolment, setEnrolment] = useState<EnrolmentResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [proofAction, setProofAction] = useState<ProofAction | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const autoStarted = useRef(false);

  function begin() {
    startEnrolment.mutate(undefined, {
      onSuccess: setEnrolment,
      onError: (error) => toast.error('Error', { description: serverMessageOr(error, 'Could not start setting up two-step sign-in') }),
    });
  }

  // Sent here to set it up (REQUIRE_STAFF_MFA after sign-in): the QR code is ready without another click.
  useEffect(() => {
    if (startSetup && !autoStarted.current && status.data && !status.data.enabled) {
      autoStarted.current = true;
      begin();
    }
  });

  const enabled = status.data?.enabled ?? false;
  return (
    <Card role="region" aria-labelledby="second-factor-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="second-factor-heading" ref={headingRef} tabIndex={-1} className="flex flex-wrap items-center gap-2 text-lg font-semibold outline-none">
            Two-step sign-in
            {status.isSuccess &&
              (enabled ? (
                <Badge variant="success">On</Badge>
              ) : passkeyCount > 0 ? (
                <Badge variant="success">On with a passkey</Badge>
              ) : (
                <Badge variant="secondary">Off</Badge>
              ))}
          </h2>
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a 6-digit code from an authenticator app on your phone, so a stolen
          password alone does not open your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status.isPending && <Skeleton className="h-10 w-56" />}
        {status.isError && (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="font-semibold">Error loading two-step sign-in: {status.error.message}</p>
            <Button variant="outline" onClick={() => void status.refetch()}>
              Retry
            </Button>
          </div>
        )}
        {status.data?.required && !enabled && passkeyCount === 0 && (
          <p role="status" className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Your role needs two-step sign-in. Set it up to use the back-office.
          </p>
        )}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => {
            setRecoveryCodes(null);
            headingRef.current?.focus();
          }} />
        ) : enrolment && !enabled ? (
          <Enrolment
            enrolment={enrolment}
            onCancel={() => {
              setEnrolment(null);
              headingRef.current?.focus();
            }}
            onEnabled={(codes) => {
              setEnrolment(null);
              setRecoveryCodes(codes);
            }}
          />
        ) : status.data && enabled ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>
              On since {status.data.enabledAt ? dateFormat.format(new Date(status.data.enabledAt)) : 'today'}.{' '}
              {status.data.recoveryCodesLeft === 1 ? '1 recovery code' : `${status.data.recoveryCodesLeft} recovery codes`} left.
            </span>
          </p>
        ) : status.data && passkeyCount > 0 ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>
              Your {passkeyCount === 1 ? 'passkey is' : 'passkeys are'} your second step after the password. An authenticator
              app adds another way in, with recovery codes for when you have neither.
            </span>
          </p>
        ) : null}
      </CardContent>
      {status.data && !recoveryCodes && !(enrolment && !enabled) && (
        <CardFooter className="flex flex-col items-stretch gap-2 border-t sm:flex-row sm:justify-end">
          {enabled ? (
            <>
              <Button variant="outline" onClick={() => setProofAction('regenerate')}>
                <KeyRoundIcon aria-hidden="true" /> New recovery codes
              </Button>
              <Button variant="outline" onClick={() => setProofAction('disable')}>
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={begin} disabled={startEnrolment.isPending}>
              <ShieldIcon aria-hidden="true" />{' '}
              {startEnrolment.isPending ? 'Please wait...' : passkeyCount > 0 ? 'Add an authenticator app' : 'Set up two-step sign-in'}
            </Button>
          )}
        </CardFooter>
      )}
      <ProofDialog
        action={proofAction}
        onClose={() => setProofAction(null)}
        onRecoveryCodes={(codes) => {
          setProofAction(null);
          setRecoveryCodes(codes);
        }}
      />
    </Card>
  );
}

function Enrolment({ enrolment, onCancel, onEnabled }: { enrolment: EnrolmentResponse; onCancel(): void; onEnabled(codes: string[]): void }) {
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = TotpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    confirm.mutate(
      { code: parsed.data },
      {
        onSuccess: ({ recoveryCodes }) => {
          toast.success('Two-step sign-in is on', { description: 'Save your recovery codes now.' });
          onEnabled(recoveryCodes);
        },
        onError: (caught) => setError(serverMessageOr(caught, 'Could not turn on two-step sign-in')),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex flex-col gap-5 text-sm">
        <li className="flex flex-col gap-3">
          <p className="font-medium">1. Scan this QR code with your authenticator app</p>
          {/* The QR code is drawn dark on white: it must read in the dark theme too. */}
          <img src={enrolment.qrCode} alt="QR code to add JotIt to your authenticator app" width={192} height={192} className="size-48 rounded-md border bg-white p-2" />
          <p className="text-muted-foreground">Can&apos;t scan it? Type this key into the app instead:</p>
          <code aria-label="Setup key" data-secret={enrolment.secret} className="w-fit rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider break-all">
            {groupedKey(enrolment.secret)}
          </code>
        </li>
        <li>
          <form onSubmit={submit} noValidate aria-label="Confirm two-step sign-in" className="flex flex-col gap-3">
            <Label htmlFor={inputId} className="font-medium">
              2. Enter the 6-digit code the app shows
            </Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="123456"
                maxLength={20}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="font-mono tracking-widest sm:max-w-40"
              />
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? 'Please wait...' : 'Turn on'}
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            </div>
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </form>
        </li>
      </ol>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Copied', { description: 'Keep them somewhere safe, away from your phone.' });
    } catch {
      toast.error('Error', { description: 'Could not copy: select the codes and copy them instead.' });
    }
  }
  return (
    <div className="flex flex-col gap-3 rounded-md border bg-muted/40 p-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        Save your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each code signs you in once instead of an app code. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:w-fit">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" /> Copy codes
        </Button>
        <Button onClick={onDone}>I&apos;ve saved them</Button>
      </div>
    </div>
  );
}

const PROOF_TEXT: Record<ProofAction, { title: string; description: string; confirm: string }> = {
  disable: {
    title: 'Turn off two-step sign-in?',
    description: 'Sign-in will ask for your password alone, and your recovery codes stop working.',
    confirm: 'Turn off',
  },
  regenerate: {
    title: 'Make new recovery codes?',
    description: 'Ten new codes replace your current ones, which stop working at once.',
    confirm: 'Make new codes',
  },
};

/** Turning off or new recovery codes: asks first, and for the password or a current code. */
function ProofDialog({ action, onClose, onRecoveryCodes }: { action: ProofAction | null; onClose(): void; onRecoveryCodes(codes: string[]): void }) {
  const disable = useDisableSecondFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [usePassword, setUsePassword] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const isPending = disable.isPending || regenerate.isPending;
  const text = action ? PROOF_TEXT[action] : PROOF_TEXT.disable;

  function reset() {
    setValue('');
    setError(null);
    setUsePassword(false);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    let proof: SecondFactorProof;
    if (usePassword) {
      if (!value) return setError('Password is required');
      proof = { password: value };
    } else {
      const parsed = TotpCodeSchema.safeParse(value);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      proof = { code: parsed.data };
    }
    const onError = (caught: unknown) => setError(serverMessageOr(caught, 'That did not work. Try again.'));
    if (action === 'disable') {
      disable.mutate(proof, {
        onSuccess: () => {
          toast.success('Two-step sign-in is off');
          reset();
          onClose();
        },
        onError,
      });
    } else {
      regenerate.mutate(proof, {
        onSuccess: ({ recoveryCodes }) => {
          reset();
          onRecoveryCodes(recoveryCodes);
        },
        onError,
      });
    }
  }

  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) {
          reset();
          onClose();
        }
      }}
    >
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{text.description}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>{usePassword ? 'Your password' : 'Code from your authenticator app'}</Label>
            <Input
              id={inputId}
              type={usePassword ? 'password' : 'text'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              inputMode={usePassword ? undefined : 'numeric'}
              autoComplete={usePassword ? 'current-password' : 'one-time-code'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <Button
              type="button"
              variant="link"
              className="h-auto self-start p-0"
              onClick={() => {
                setUsePassword(!usePassword);
                setValue('');
                setError(null);
              }}
            >
              {usePassword ? 'Use a code instead' : 'Use your password instead'}
            </Button>
          </div>
          <DialogFooter>
            <Button type="submit" variant={action === 'disable' ? 'destructive' : 'default'} disabled={isPending}>
              {isPending ? 'Please wait...' : text.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
