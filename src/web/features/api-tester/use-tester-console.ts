import { useCallback, useState } from 'react';
import { toast } from '~/lib/toast';
import { errorField, sendTesterRequest, TesterNetworkError, type TesterRequest, type TesterResponse } from './api/send-tester-request';

/** The last call and what came back: the API Response box shows it, Copy as curl repeats it. */
export interface TesterExchange {
  request: TesterRequest;
  response: TesterResponse | null;
  networkError: string | null;
}

export interface RunOptions {
  /** The toast after a 2xx answer (spec §8). */
  success(body: unknown): { title: string; description: string };
  /** The Network Error toast's text: 'Failed to connect to API' (Create Jot) or 'Failed to connect to the server'. */
  networkErrorText?: string;
}

/** Sends the tester's calls, keeps the last exchange, and raises the spec's Success / Error / Network Error toasts. */
export function useTesterConsole() {
  const [exchange, setExchange] = useState<TesterExchange | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = useCallback(async (request: TesterRequest, options: RunOptions): Promise<TesterResponse | null> => {
    setIsBusy(true);
    try {
      const response = await sendTesterRequest(request);
      setExchange({ request, response, networkError: null });
      if (response.ok) {
        const { title, description } = options.success(response.body);
        toast.success(title, { description });
      } else {
        toast.error('Error', { description: `Status: ${response.status} - ${errorField(response.body) ?? 'Unknown error'}` });
      }
      return response;
    } catch (error) {
      const message = error instanceof TesterNetworkError ? error.message : String(error);
      setExchange({ request, response: null, networkError: message });
      toast.error('Network Error', { description: options.networkErrorText ?? 'Failed to connect to the server' });
      return null;
    } finally {
      setIsBusy(false);
    }
  }, []);

  return { exchange, isBusy, run };
}

/** The API Response box's text for an exchange. */
export function describeExchange(exchange: TesterExchange): string {
  const line = `${exchange.request.method} ${exchange.request.path}`;
  if (exchange.networkError !== null || !exchange.response) {
    return `${line}\nNetwork error: ${exchange.networkError ?? 'no answer'}\n\nThe request did not reach the server. Check your connection and that the server is running.`;
  }
  const { status, statusText, durationMs, body } = exchange.response;
  const shown = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return `${line}\nStatus: ${status}${statusText ? ` ${statusText}` : ''} · ${durationMs} ms\n\n${shown}`;
}
