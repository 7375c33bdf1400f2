import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PAYLOAD_REQUIRED_MESSAGE, type TestJot, TestJotSchema } from '../../../../shared/schemas/jots';
import { bearer, type TabProps, useRememberedFields, validationError } from './tab-support';
import { TesterInput, TesterTextarea } from './tester-field';
import { Form, schemaResolver } from '~/components/form';
import { Button } from '~/components/ui/button';

function idOf(body: unknown): string {
  return body && typeof body === 'object' && 'id' in body ? String(body.id) : '?';
}

/** Test Jot: plain text and a build GUID name; the server encrypts it (v2) and ingests it. */
export function TestJotTab({ run, isBusy, settings, update }: TabProps) {
  const form = useForm<TestJot, unknown, TestJot>({
    resolver: schemaResolver<TestJot, typeof TestJotSchema>(TestJotSchema),
    defaultValues: { content: '', buildGuidName: settings.buildGuidName },
  });
  useRememberedFields(form, update);

  async function submit(values: TestJot) {
    await run(
      { method: 'POST', path: '/api/test-jot', headers: bearer(), body: values },
      {
        success: (body) => {
          const id = (body as { jotResult?: { id?: number } }).jotResult?.id ?? '?';
          return { title: 'Success!', description: `Test jot created with ID: ${id}` };
        },
      },
    );
  }

  return (
    <Form form={form} onSubmit={submit} onInvalid={validationError} className="gap-4">
      <p className="text-sm text-muted-foreground">
        Type a jot in plain text. The server encrypts it in the v2 format with the build GUID you name and sends it through the same
        ingestion as the desktop app.
      </p>
      <TesterTextarea name="content" label="Jot Content" required placeholder="e.g. Remember to water the ferns" />
      <TesterInput name="buildGuidName" label="Build GUID Name" required placeholder="e.g. demo-build-2026" />
      <Button type="submit" disabled={isBusy} className="self-start">
        Encrypt &amp; Send Test Jot
      </Button>
    </Form>
  );
}

const ENDPOINTS = [
  { label: 'Send to Legacy', path: '/jots' },
  { label: 'Send to v1', path: '/api/v1/jots' },
  { label: 'Send to v2', path: '/api/v2/jots' },
] as const;
type EndpointPath = (typeof ENDPOINTS)[number]['path'];

// The tester's own words: "Error: …" under the field, "Please enter an encrypted payload" in the toast (spec, API tester).
const CreateJotFormSchema = z.object({
  payload: z.string().trim().min(1, `Error: ${PAYLOAD_REQUIRED_MESSAGE}`),
  buildGuidName: z.string().trim(),
});
type CreateJotValues = z.input<typeof CreateJotFormSchema>;

/** Create Jot: an already encrypted Base64 payload, sent to the legacy, v1 or v2 endpoint (the button pressed). */
export function CreateJotTab({ run, isBusy, settings, update }: TabProps) {
  const form = useForm<CreateJotValues, unknown, z.output<typeof CreateJotFormSchema>>({
    resolver: schemaResolver<CreateJotValues, typeof CreateJotFormSchema>(CreateJotFormSchema),
    defaultValues: { payload: '', buildGuidName: settings.buildGuidName },
  });
  useRememberedFields(form, update);

  async function send({ payload, buildGuidName }: z.output<typeof CreateJotFormSchema>, submitter: HTMLButtonElement | null) {
    const path = (ENDPOINTS.find((endpoint) => endpoint.path === submitter?.value) ?? ENDPOINTS[2]).path satisfies EndpointPath;
    const body = path !== '/api/v2/jots' && buildGuidName ? { payload, buildGuidName } : { payload };
    await run(
      { method: 'POST', path, headers: {}, body },
      { success: (answer) => ({ title: 'Success', description: `Jot created with ID ${idOf(answer)}` }), networkErrorText: 'Failed to connect to API' },
    );
  }

  return (
    <Form form={form} onSubmit={send} onInvalid={() => validationError('Please enter an encrypted payload')} className="gap-4">
      <p className="text-sm text-muted-foreground">
        Paste a payload your own code encrypted (see the protocol in the API reference) and send it to one of the three endpoints.
      </p>
      <TesterTextarea name="payload" label="Encrypted Payload (Base64)" required rows={5} mono placeholder="e.g. eyJ2IjoyLCJraWQiOi…" />
      <TesterInput
        name="buildGuidName"
        label="Build GUID Name (legacy and v1, optional)"
        hint="v2 payloads carry their key name inside; legacy and v1 payloads without one are tried with every key."
      />
      <div className="flex flex-wrap gap-2">
        {ENDPOINTS.map((endpoint) => (
          <Button
            key={endpoint.path}
            type="submit"
            name="endpoint"
            value={endpoint.path}
            variant={endpoint.path === '/api/v2/jots' ? 'default' : 'outline'}
            disabled={isBusy}
          >
            {endpoint.label} <code className="text-xs opacity-80">{endpoint.path}</code>
          </Button>
        ))}
      </div>
    </Form>
  );
}
