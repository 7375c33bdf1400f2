import { describe, expect, it } from 'vitest';
import { clientNetworkKey, networkOf } from './client-network.ts';

describe('the client network key (decisions 0021, 0043)', () => {
  it('names a client by its IPv4 address or its IPv6 /64, in any notation', () => {
    expect(networkOf('192.0.2.7')).toBe('192.0.2.7');
    // The forms of one /64: compressed, full with leading zeros, upper case, with a zone, an IPv4 tail.
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:a::1',
      '2001:0db8:0001:0002:ffff:0001:0002:0003',
      '2001:DB8:1:2:FFFF:1:2:3',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2::192.0.2.7',
      ' 2001:db8:1:2::ffff ',
    ]) {
      expect(networkOf(address), address).toBe('2001:db8:1:2::/64');
    }
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('not an address')).toBeNull();
    expect(networkOf('')).toBeNull();
  });

  it('takes an IPv4-mapped IPv6 address for the IPv4 address it carries, in any notation', () => {
    for (const address of ['::ffff:192.0.2.7', '::FFFF:192.0.2.7', '0:0:0:0:0:ffff:192.0.2.7', '::ffff:c000:207', '0000:0000:0000:0000:0000:ffff:c000:0207']) {
      expect(networkOf(address), address).toBe('192.0.2.7');
    }
    // Not mapped: the same tail under another prefix is an IPv6 address like any other.
    expect(networkOf('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
  });

  it('keys two addresses of one /64 alike, other networks apart, and text that is no address as itself', () => {
    expect(clientNetworkKey('2001:db8:1:2::a')).toBe(clientNetworkKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientNetworkKey('2001:db8:1:2::a')).not.toBe(clientNetworkKey('2001:db8:1:3::a'));
    expect(clientNetworkKey('::ffff:198.51.100.1')).toBe(clientNetworkKey('198.51.100.1'));
    expect(clientNetworkKey('198.51.100.1')).not.toBe(clientNetworkKey('198.51.100.2'));
    expect(clientNetworkKey('unknown')).toBe('unknown');
    expect(clientNetworkKey(undefined)).toBe('');
  });
});
