/**
 * Connection hygiene of the HTTP server (issue 23 §2, decision 0020): Node's own timeouts set explicitly, idle
 * sockets closed, and a cap of open connections per client network (IPv4 address or IPv6 /64, decision 0043).
 *
 * Node closes a connection whose request is too slow (requestTimeout, headersTimeout) or a kept-alive one with no
 * new request (keepAliveTimeout). Any connection is also closed after `idleTimeoutMs` without traffic either way,
 * unless a request on it is still being answered (a slow page, a live stream) — the request timeouts cover a client
 * that stops sending, and a stalled response (bytes waiting to be written) is closed all the same.
 *
 * A connection that never sends a byte is closed at whichever comes first, `headersTimeoutMs` (Node counts the wait
 * for headers from the moment the connection opens) or `idleTimeoutMs`, and closed silently (issue 34 §6). Node
 * and Fastify answered it `408 Request Timeout` before closing: a client that never reads — the penetration test's
 * silent socket — then never sees the close (the FIN waits behind unread bytes; its socket sat in CLOSE-WAIT for
 * 90 s), and a request that was never made needs no answer.
 */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientNetworkKey } from './client-network.ts';

export interface ConnectionLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnectionsPerIp: number;
}

/** The timeouts a server applies, read back from it (logged at start: what is in force, not what was asked). */
export function effectiveTimeouts(server: Server): Record<string, number> {
  return {
    requestTimeoutMs: server.requestTimeout,
    headersTimeoutMs: server.headersTimeout,
    keepAliveTimeoutMs: server.keepAliveTimeout,
    idleTimeoutMs: server.timeout,
    silentConnectionTimeoutMs: Math.min(server.headersTimeout, server.timeout),
  };
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
 * Closes idle sockets and caps open connections per client network (`perIpCap: false` behind a trusted proxy,
 * where every connection comes from the proxy). `onRefused` is told the network of each refused connection. Returns
 * the function the server's request handler calls first with each request, so that a socket is not closed as idle
 * while one of its requests is still being answered.
 */
export function applyConnectionLimits(
  server: Server,
  limits: ConnectionLimits,
  options: { perIpCap: boolean; onRefused?: (address: string) => void },
): (request: IncomingMessage, response: ServerResponse) => void {
  server.setTimeout(limits.idleTimeoutMs);
  // Before Fastify's handler, which writes a 408; it leaves a destroyed socket alone.
  server.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket.bytesRead === 0) socket.destroy();
  });
  server.on('timeout', (socket: TrackedSocket) => {
    if ((socket[ANSWERING] ?? 0) > 0 && socket.writableLength === 0) return;
    socket.destroy();
  });

  if (options.perIpCap) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const network = clientNetworkKey(socket.remoteAddress);
      const count = open.get(network) ?? 0;
      if (count >= limits.maxConnectionsPerIp) {
        socket.destroy();
        options.onRefused?.(network);
        return;
      }
      open.set(network, count + 1);
      socket.once('close', () => {
        const left = (open.get(network) ?? 1) - 1;
        if (left > 0) open.set(network, left);
        else open.delete(network);
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
