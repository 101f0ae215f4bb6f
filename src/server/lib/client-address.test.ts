import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

/** The address an in-process request (no socket: 'anonymous') is given with these headers and this many proxies. */
async function addressOf(trustedProxies: number, headers: Record<string, string>) {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustedProxies)));
  return (await app.request('/', { headers })).text();
}

describe('clientAddress', () => {
  it('reads no header when no proxy is trusted', async () => {
    expect(await addressOf(0, { 'x-forwarded-for': '203.0.113.1', 'x-real-ip': '203.0.113.2' })).toBe('anonymous');
  });

  it('takes the hop the outermost trusted proxy appended, never one the client wrote', async () => {
    const xff = '6.6.6.6, 7.7.7.7, 192.0.2.7, 172.16.0.2';
    expect(await addressOf(1, { 'x-forwarded-for': xff })).toBe('172.16.0.2');
    expect(await addressOf(2, { 'x-forwarded-for': xff })).toBe('192.0.2.7');
  });

  it('believes only the socket when the header has fewer hops than trusted proxies', async () => {
    expect(await addressOf(2, { 'x-forwarded-for': '192.0.2.7' })).toBe('anonymous');
  });

  it('reads x-real-ip from a single proxy that sends it instead of x-forwarded-for, and only then', async () => {
    expect(await addressOf(1, { 'x-real-ip': '192.0.2.7' })).toBe('192.0.2.7');
    expect(await addressOf(1, { 'x-real-ip': '6.6.6.6', 'x-forwarded-for': '192.0.2.7' })).toBe('192.0.2.7');
    expect(await addressOf(2, { 'x-real-ip': '192.0.2.7' })).toBe('anonymous');
  });
});
