import { once } from 'node:events';
import { createServer } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { applyConnectionLimits } from './connection-limits.ts';

const LIMITS = { requestTimeoutMs: 10_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5000, idleTimeoutMs: 30_000, maxConnectionsPerIp: 2 };

/**
 * A socket as the server receives it from `remoteAddress`. The test host's loopback has one IPv6 address (::1), so
 * two real connections from one /64 cannot be made without changing the host's network; the server's own
 * `connection` event is given real, unconnected sockets that report the address instead.
 */
function socketFrom(remoteAddress: string): Socket {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  return socket;
}

describe('the open-connection cap per client (decisions 0020, 0043)', () => {
  it('counts every address of an IPv6 /64, and an IPv4-mapped address with its IPv4 one, as one client', async () => {
    const server = createServer();
    const refused: string[] = [];
    applyConnectionLimits(server, LIMITS, { perIpCap: true, onRefused: (network) => refused.push(network) });
    const connect = (address: string) => {
      const socket = socketFrom(address);
      server.emit('connection', socket);
      return socket;
    };

    const first = connect('2001:db8:34:7::a');
    const second = connect('2001:db8:34:7:ffff::b');
    const third = connect('2001:0db8:0034:0007::c');
    expect([first.destroyed, second.destroyed, third.destroyed]).toEqual([false, false, true]);
    expect(refused).toEqual(['2001:db8:34:7::/64']);
    expect(connect('2001:db8:34:8::a').destroyed).toBe(false);

    expect(connect('198.51.100.7').destroyed).toBe(false);
    expect(connect('::ffff:198.51.100.7').destroyed).toBe(false);
    expect(connect('198.51.100.7').destroyed).toBe(true);
    expect(refused).toEqual(['2001:db8:34:7::/64', '198.51.100.7']);

    // A closed connection frees its slot for the whole network.
    first.destroy();
    await once(first, 'close');
    expect(connect('2001:db8:34:7::d').destroyed).toBe(false);
  });
});
