// The embedded photo scan, as the server runs it: each test photo decoded and shrunk with sharp, then recognised by
// the detector's process from the build (dist/server/detector-worker.js). Prints the cold start and, per image, the
// median of warm runs. `node bench/scan-latency.mjs` alone, or as the last part of `npm run bench`.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(ROOT, 'tests/fixtures/images');
const RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 7);
/** The aim for one warm scan on the 2-core reference machine. */
const TARGET_MS = 300;

export async function benchScans() {
  const workerFile = path.join(ROOT, 'dist/server/detector-worker.js');
  if (!fs.existsSync(workerFile)) throw new Error('Run `npm run build` first (npm run bench does).');
  const started = performance.now();
  const worker = fork(workerFile, [], { serialization: 'advanced' });
  let nextId = 1;
  const pending = new Map();
  const ready = new Promise((resolve, reject) => {
    worker.on('message', (m) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'failed') reject(new Error(m.message));
      else pending.get(m.id)?.(m);
    });
    worker.on('error', reject);
  });
  await ready;
  const detect = (pixels) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (m) => (m.type === 'result' ? resolve(m) : reject(new Error(m.message))));
      worker.send({ id, pixels });
    });
  // What the server does per request: upright, at most 1280 px, JPEG; then the detector's 512 × 512 input.
  const scanOnce = async (file) => {
    const t0 = performance.now();
    const jpeg = await sharp(file).rotate().resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
    const pixels = new Uint8Array(await sharp(jpeg).resize(512, 512, { fit: 'fill' }).removeAlpha().raw().toBuffer());
    const t1 = performance.now();
    const result = await detect(pixels);
    return { prepareMs: t1 - t0, inferenceMs: result.inferenceMs, totalMs: performance.now() - t0, found: result.detections.length };
  };
  const images = fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  const first = await scanOnce(path.join(FIXTURES, images[0]));
  const coldMs = performance.now() - started;
  const rows = [];
  for (const image of images) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await scanOnce(path.join(FIXTURES, image)));
    const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    rows.push({ image, prepare: median('prepareMs'), inference: median('inferenceMs'), total: median('totalMs') });
  }
  worker.kill();
  const all = rows.map((r) => r.total).sort((a, b) => a - b);
  const median = all[Math.floor(all.length / 2)];
  const ms = (x) => Math.round(x);
  return [
    `Embedded photo scan (CenterNet on TF.js wasm, ${RUNS} warm runs per image): cold ${ms(coldMs)} ms to the first answer (process, model, first photo ${ms(first.totalMs)} ms)`,
    '',
    '| image | prepare ms | inference ms | total ms |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.image} | ${ms(r.prepare)} | ${ms(r.inference)} | ${ms(r.total)} |`),
    '',
    `${median <= TARGET_MS ? 'OK' : 'ABOVE AIM'} median warm scan ${ms(median)} ms (aim: under ${TARGET_MS} ms)`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchScans().then(
    (text) => console.log(text),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
