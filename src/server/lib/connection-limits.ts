/**
 * Connection hygiene of the HTTP server (issue 23 §2, decision 0020): Node's own timeouts set explicitly, idle
 * sockets closed, and a cap of open connections per client address.
 *
 * Node closes a connection whose request is too slow (requestTimeout, headersTimeout) or a kept-alive one with no
 * new request (keepAliveTimeout), but not one that never sends a byte: that one is closed after `idleTimeoutMs`
 * without traffic either way, unless a request on it is still being answered (a slow page, a live stream) — the
 * request timeouts cover a client that stops sending, and a stalled response (bytes waiting to be written) is
 * closed all the same.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnectionsPerIp: number;
}

/** Options for `http.createServer`. */
export function serverTimeouts(limits: ConnectionLimits): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often Node checks the two request timeouts (its default, 30 s, would let a 10 s limit run to 40 s).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  };
}

// Responses being answered on a socket, and the socket a response answers on, kept on the objects themselves: every
// request passes here (the hot reads and ingestion too), so no map, closure or extra 'request' listener per request
// (decision 0046).
const ANSWERING = Symbol('responses being answered');
const ANSWERED_ON = Symbol('socket of the response');
type TrackedSocket = Socket & { [ANSWERING]?: number };
type TrackedResponse = ServerResponse & { [ANSWERED_ON]?: TrackedSocket };

function onResponseClose(this: TrackedResponse) {
  const socket = this[ANSWERED_ON];
  if (socket) socket[ANSWERING] = (socket[ANSWERING] ?? 1) - 1;
}

/**
 * Closes idle sockets and caps open connections per address (`perIpCap: false` behind a trusted proxy, where every
 * connection comes from the proxy). `onRefused` is told of each refused connection. Returns the function the server's
 * request handler calls first with each request, so that a socket is not closed as idle while one of its requests is
 * still being answered.
 */
export function applyConnectionLimits(
  server: Server,
  limits: ConnectionLimits,
  options: { perIpCap: boolean; onRefused?: (address: string) => void },
): (request: IncomingMessage, response: ServerResponse) => void {
  server.setTimeout(limits.idleTimeoutMs);
  server.on('timeout', (socket: TrackedSocket) => {
    if ((socket[ANSWERING] ?? 0) > 0 && socket.writableLength === 0) return;
    socket.destroy();
  });

  if (options.perIpCap) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = open.get(address) ?? 0;
      if (count >= limits.maxConnectionsPerIp) {
        socket.destroy();
        options.onRefused?.(address);
        return;
      }
      open.set(address, count + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  return (request, response) => {
    const socket = request.socket as TrackedSocket;
    socket[ANSWERING] = (socket[ANSWERING] ?? 0) + 1;
    (response as TrackedResponse)[ANSWERED_ON] = socket;
    // 'close' comes once per response, whether it finished or the connection broke.
    response.on('close', onResponseClose);
  };
}
