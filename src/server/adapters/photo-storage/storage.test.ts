import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalPhotoStorage } from './local';
import type { PhotoStorage } from './port';
import { createS3PhotoStorage } from './s3';

/**
 * A small S3-compatible server: path-style PUT, GET, DELETE and ListObjectsV2 (two keys a page, to make the client
 * follow continuation tokens), refusing anything not signed with SigV4 for its bucket's region.
 */
async function startS3(bucket: string) {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url!, 'http://s3.local');
    const auth = String(req.headers.authorization ?? '');
    seen.push({ method: req.method!, url: req.url!, authorization: auth });
    if (!/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/.test(auth)) {
      res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const [, b, ...rest] = url.pathname.split('/');
    if (b !== bucket) return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
    const key = rest.map(decodeURIComponent).join('/');
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = all.slice(start, start + 2);
      const more = start + 2 < all.length;
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<ListBucketResult>${page.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    } else if (req.method === 'PUT') {
      objects.set(key, Buffer.concat(chunks));
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const body = objects.get(key);
      if (!body) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const USER = '5b3e8f1e-1111-4222-8333-944445555666';
const OTHER = '7c3e8f1e-1111-4222-8333-944445555777';

function behavesLikePhotoStorage(name: string, make: () => PhotoStorage) {
  describe(name, () => {
    it('keeps, returns and deletes photos; a missing one is null', async () => {
      const s = make();
      await s.put(`scans/${USER}/a.jpg`, Buffer.from('photo a'), 'image/jpeg');
      expect((await s.get(`scans/${USER}/a.jpg`))?.toString()).toBe('photo a');
      await s.delete(`scans/${USER}/a.jpg`);
      await s.delete(`scans/${USER}/a.jpg`);
      expect(await s.get(`scans/${USER}/a.jpg`)).toBeNull();
    });

    it("removes everything of one user, and nobody else's", async () => {
      const s = make();
      for (const n of ['1', '2', '3', '4', '5']) await s.put(`scans/${USER}/${n}.jpg`, Buffer.from(n), 'image/jpeg');
      await s.put(`scans/${OTHER}/x.jpg`, Buffer.from('x'), 'image/jpeg');
      await s.deletePrefix(`scans/${USER}`);
      for (const n of ['1', '2', '3', '4', '5']) expect(await s.get(`scans/${USER}/${n}.jpg`)).toBeNull();
      expect((await s.get(`scans/${OTHER}/x.jpg`))?.toString()).toBe('x');
    });

    it('refuses keys that could leave their folder', async () => {
      const s = make();
      await expect(s.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid photo key/);
      await expect(s.get(`scans/${USER}/../../x.jpg`)).rejects.toThrow(/Invalid photo key/);
    });
  });
}

let dir: string;
let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-storage-'));
  s3 = await startS3('meals');
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await s3.close();
});

behavesLikePhotoStorage('local photo storage', () => createLocalPhotoStorage(dir));
behavesLikePhotoStorage('S3-compatible photo storage', () =>
  createS3PhotoStorage({ endpoint: s3.endpoint, bucket: 'meals', region: 'eu-test-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' }),
);

describe('S3-compatible photo storage, on the wire', () => {
  it('signs every request and fails loudly on a refusal', async () => {
    expect(s3.seen.length).toBeGreaterThan(0);
    expect(s3.seen.every((r) => r.authorization.startsWith('AWS4-HMAC-SHA256 '))).toBe(true);
    const wrong = createS3PhotoStorage({ endpoint: s3.endpoint, bucket: 'meals', region: 'us-east-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' });
    await expect(wrong.put(`scans/${USER}/z.jpg`, Buffer.from('z'), 'image/jpeg')).rejects.toThrow(/S3 PUT .* failed: 403/);
  });
});
