import { useState } from 'react';
import { PAYLOAD_REQUIRED_MESSAGE, TestJotSchema } from '../../../../shared/schemas/jots';
import { bearer, type TabProps, validationError } from './tab-support';
import { TesterInput, TesterTextarea } from './tester-field';
import { Button } from '~/components/ui/button';

function idOf(body: unknown): string {
  return body && typeof body === 'object' && 'id' in body ? String(body.id) : '?';
}

/** Test Jot: plain text and a build GUID name; the server encrypts it (v2) and ingests it. */
export function TestJotTab({ run, isBusy, settings, update }: TabProps) {
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ content?: string; buildGuidName?: string }>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = TestJotSchema.safeParse({ content, buildGuidName: settings.buildGuidName });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof typeof errors] ??= issue.message;
      setErrors(found);
      validationError(found.content ?? found.buildGuidName ?? parsed.error.issues[0]!.message);
      return;
    }
    setErrors({});
    await run(
      { method: 'POST', path: '/api/test-jot', headers: bearer(), body: parsed.data },
      {
        success: (body) => {
          const id = (body as { jotResult?: { id?: number } }).jotResult?.id ?? '?';
          return { title: 'Success!', description: `Test jot created with ID: ${id}` };
        },
      },
    );
  }

  return (
    <form method="post" onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Type a jot in plain text. The server encrypts it in the v2 format with the build GUID you name and sends it through the same
        ingestion as the desktop app.
      </p>
      <TesterTextarea label="Jot Content" value={content} onChange={setContent} error={errors.content} placeholder="Remember to water the ferns" />
      <TesterInput
        label="Build GUID Name"
        value={settings.buildGuidName}
        onChange={(value) => update({ buildGuidName: value })}
        error={errors.buildGuidName}
        placeholder="e.g. demo-build-2026"
      />
      <Button type="submit" disabled={isBusy} className="self-start">
        Encrypt &amp; Send Test Jot
      </Button>
    </form>
  );
}

const ENDPOINTS = [
  { label: 'Send to Legacy', path: '/jots' },
  { label: 'Send to v1', path: '/api/v1/jots' },
  { label: 'Send to v2', path: '/api/v2/jots' },
] as const;

/** Create Jot: an already encrypted Base64 payload, sent to the legacy, v1 or v2 endpoint. */
export function CreateJotTab({ run, isBusy, settings, update }: TabProps) {
  const [payload, setPayload] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function send(path: (typeof ENDPOINTS)[number]['path']) {
    const trimmed = payload.trim();
    if (!trimmed) {
      setError(`Error: ${PAYLOAD_REQUIRED_MESSAGE}`);
      validationError('Please enter an encrypted payload');
      return;
    }
    setError(undefined);
    const keyName = settings.buildGuidName.trim();
    const body = path !== '/api/v2/jots' && keyName ? { payload: trimmed, buildGuidName: keyName } : { payload: trimmed };
    await run(
      { method: 'POST', path, headers: {}, body },
      { success: (answer) => ({ title: 'Success', description: `Jot created with ID ${idOf(answer)}` }), networkErrorText: 'Failed to connect to API' },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Paste a payload your own code encrypted (see the protocol in the API reference) and send it to one of the three endpoints.
      </p>
      <TesterTextarea
        label="Encrypted Payload (Base64)"
        value={payload}
        onChange={setPayload}
        error={error}
        rows={5}
        mono
        placeholder="eyJ2IjoyLCJraWQiOi..."
      />
      <TesterInput
        label="Build GUID Name (legacy and v1, optional)"
        value={settings.buildGuidName}
        onChange={(value) => update({ buildGuidName: value })}
        hint="v2 payloads carry their key name inside; legacy and v1 payloads without one are tried with every key."
      />
      <div className="flex flex-wrap gap-2">
        {ENDPOINTS.map((endpoint) => (
          <Button key={endpoint.path} type="button" variant={endpoint.path === '/api/v2/jots' ? 'default' : 'outline'} disabled={isBusy} onClick={() => void send(endpoint.path)}>
            {endpoint.label} <code className="text-xs opacity-80">{endpoint.path}</code>
          </Button>
        ))}
      </div>
    </div>
  );
}
