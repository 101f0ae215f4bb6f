import type { AwsClient } from 'aws4fetch';
import { assertKey, type PhotoStorage } from './port';

export interface S3Options {
  /** The service root, e.g. https://s3.eu-west-1.amazonaws.com, or a MinIO / R2 / Ceph endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Photos in an S3-compatible bucket, signed with SigV4. Path-style addresses (`endpoint/bucket/key`), which every
 * S3-compatible server understands, so one setting works for AWS, MinIO, R2 and Ceph alike.
 */
export function createS3PhotoStorage(options: S3Options): PhotoStorage {
  // Imported with the first request: a server that keeps photos on disk never loads aws4fetch.
  let client: Promise<AwsClient> | undefined;
  const signedFetch = async (url: string, init?: RequestInit) => {
    client ??= import('aws4fetch').then(
      ({ AwsClient }) => new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: 's3' }),
    );
    return (await client).fetch(url, init);
  };
  const base = `${options.endpoint.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => {
    assertKey(key);
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  };
  const fail = async (res: Response, what: string): Promise<never> => {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${what} failed: ${res.status} ${text.slice(0, 200)}`);
  };

  return {
    name: 's3',
    async put(key, bytes, contentType) {
      const res = await signedFetch(urlOf(key), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });
      if (!res.ok) await fail(res, `PUT ${key}`);
    },
    async get(key) {
      const res = await signedFetch(urlOf(key));
      if (res.status === 404) return null;
      if (!res.ok) await fail(res, `GET ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await signedFetch(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${key}`);
    },
    async deletePrefix(prefix) {
      assertKey(prefix.replace(/\/$/, ''));
      const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
      // Every key first, then the deletions: removing while paging could shift what the next page holds.
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix: folder, ...(token ? { 'continuation-token': token } : {}) });
        const res = await signedFetch(`${base}?${query}`);
        if (!res.ok) await fail(res, `LIST ${folder}`);
        const xml = await res.text();
        keys.push(...[...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => unescapeXml(m[1])));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? unescapeXml(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') : undefined;
      } while (token);
      for (const key of keys) await this.delete(key);
    },
  };
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
