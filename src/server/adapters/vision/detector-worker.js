// @ts-check
/**
 * The embedded food detector's process: CenterNet (MobileNetV3 backbone, 80 COCO classes) on the TF.js WebAssembly
 * backend. Inference takes a few hundred milliseconds of pure CPU, so it runs here and not on the server's event
 * loop; and in a process of its own, so that ending it when idle gives its memory back. Plain JavaScript on purpose:
 * Node starts it directly, from src/ in tests and from dist/ in production, with no TypeScript loader in between.
 *
 * The weights are the `centernet` graph model that ships inside the @vladmandic/human npm package (MIT); nothing
 * is downloaded at install or run time.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';

const require = createRequire(import.meta.url);

/** The model's fixed input edge, and its output grid (stride 4) and class count. */
export const INPUT_SIZE = 512;
const GRID = 128;
const STRIDE = 4;
const CLASSES = 80;
/** Heat-map peaks below this are not worth returning; the caller applies its own per-class thresholds. */
const MIN_SCORE = 0.15;
const MAX_DETECTIONS = 20;
const NMS_IOU = 0.5;

/** @returns {string} the folder holding centernet.json and centernet.bin inside the installed package */
function modelDir() {
  let dir = path.dirname(require.resolve('@vladmandic/human'));
  for (;;) {
    const candidate = path.join(dir, 'models');
    if (fs.existsSync(path.join(candidate, 'centernet.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The centernet model was not found in the @vladmandic/human package');
    dir = parent;
  }
}

async function loadModel() {
  const wasmDir = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
  setWasmPaths(wasmDir + path.sep);
  await tf.setBackend('wasm');
  await tf.ready();
  const dir = modelDir();
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'centernet.json'), 'utf8'));
  const bin = fs.readFileSync(path.join(dir, 'centernet.bin'));
  // A file:// URL would need the fetch-based loader; an IO handler reading the package's files is simpler.
  const model = await loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
      weightSpecs: json.weightsManifest.flatMap((/** @type {{ weights: unknown[] }} */ g) => g.weights),
      weightData: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength),
    }),
  });
  return model;
}

/**
 * @typedef {{ classIndex: number, score: number, box: [number, number, number, number] }} Detection
 * box: x1, y1, x2, y2 as fractions of the image.
 */

/**
 * CenterNet decoding: every class's local maxima of the heat map (3×3), each with its box from the size head,
 * then class-agnostic non-maximum suppression (one object seen as two classes keeps its likelier one).
 * @param {Float32Array} heat GRID × GRID × CLASSES scores
 * @param {Float32Array} wh GRID × GRID × 4 distances (left, top, right, bottom) in input pixels
 * @returns {Detection[]}
 */
export function decode(heat, wh) {
  /** @type {Detection[]} */
  const found = [];
  for (let i = 0; i < heat.length; i++) {
    const score = heat[i];
    if (score < MIN_SCORE) continue;
    const c = i % CLASSES;
    const cell = (i - c) / CLASSES;
    const row = Math.floor(cell / GRID);
    const col = cell % GRID;
    let isPeak = true;
    for (let dr = -1; dr <= 1 && isPeak; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const r = row + dr;
        const k = col + dc;
        if ((dr === 0 && dc === 0) || r < 0 || k < 0 || r >= GRID || k >= GRID) continue;
        if (heat[(r * GRID + k) * CLASSES + c] > score) {
          isPeak = false;
          break;
        }
      }
    }
    if (!isPeak) continue;
    const cx = col * STRIDE;
    const cy = row * STRIDE;
    const o = cell * 4;
    const clamp = (/** @type {number} */ v) => Math.min(1, Math.max(0, v / INPUT_SIZE));
    found.push({ classIndex: c, score, box: [clamp(cx - wh[o]), clamp(cy - wh[o + 1]), clamp(cx + wh[o + 2]), clamp(cy + wh[o + 3])] });
  }
  found.sort((a, b) => b.score - a.score);
  /** @type {Detection[]} */
  const kept = [];
  for (const d of found) {
    if (kept.length >= MAX_DETECTIONS) break;
    if (kept.every((k) => iou(k.box, d.box) < NMS_IOU)) kept.push(d);
  }
  return kept;
}

/** @param {number[]} a @param {number[]} b */
function iou(a, b) {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
}

if (process.send) {
  const send = process.send.bind(process);
  // The server is gone (or ended this process's channel): nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
  const ready = loadModel();
  ready.then(
    () => send({ type: 'ready' }),
    (error) => send({ type: 'failed', message: String(error?.message ?? error) }),
  );
  process.on('message', async (/** @type {{ id: number, pixels: Uint8Array }} */ msg) => {
    try {
      const model = await ready;
      const started = performance.now();
      const input = tf.tensor4d(Float32Array.from(msg.pixels), [1, INPUT_SIZE, INPUT_SIZE, 3]);
      const outputs = /** @type {import('@tensorflow/tfjs-core').Tensor[]} */ (model.execute(input, ['tower_0/keypoints', 'tower_0/wh']));
      const [heat, wh] = await Promise.all(outputs.map((t) => t.data()));
      tf.dispose([input, ...outputs]);
      const detections = decode(/** @type {Float32Array} */ (heat), /** @type {Float32Array} */ (wh));
      send({ type: 'result', id: msg.id, detections, inferenceMs: Math.round(performance.now() - started) });
    } catch (error) {
      send({ type: 'error', id: msg.id, message: String(/** @type {Error} */ (error)?.message ?? error) });
    }
  });
}
