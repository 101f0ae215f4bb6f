import { fork, type ChildProcess } from 'node:child_process';
import { foodById } from '#core/nutrition/foods';
import type { Logger } from '#server/lib/logger';
import type { PreparedImage, Recognition, RecognisedFood, VisionRecognizer } from './port';

/** The 80 COCO classes in the detector's output order. */
export const COCO_LABELS = [
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
  'traffic light',
  'fire hydrant',
  'stop sign',
  'parking meter',
  'bench',
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
  'backpack',
  'umbrella',
  'handbag',
  'tie',
  'suitcase',
  'frisbee',
  'skis',
  'snowboard',
  'sports ball',
  'kite',
  'baseball bat',
  'baseball glove',
  'skateboard',
  'surfboard',
  'tennis racket',
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
  'chair',
  'couch',
  'potted plant',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'laptop',
  'mouse',
  'remote',
  'keyboard',
  'cell phone',
  'microwave',
  'oven',
  'toaster',
  'sink',
  'refrigerator',
  'book',
  'clock',
  'vase',
  'scissors',
  'teddy bear',
  'hair drier',
  'toothbrush',
] as const;

/** The detector's food classes and the food table rows they stand for. */
export const DETECTOR_FOODS: Readonly<Record<string, string>> = {
  banana: 'banana',
  apple: 'apple',
  sandwich: 'sandwich',
  orange: 'orange',
  broccoli: 'broccoli',
  carrot: 'carrot',
  'hot dog': 'hot-dog',
  pizza: 'pizza',
  donut: 'donut',
  cake: 'cake',
};

/** Things that hold food or drink: seen, but what is in them is beyond this detector, and the user should know. */
const CONTAINERS = new Set(['bowl', 'cup', 'wine glass', 'bottle']);

/** Below these the detector's guesses on our test photos were mostly wrong (see the ADR). */
const FOOD_MIN_SCORE = 0.25;
const CONTAINER_MIN_SCORE = 0.3;
const INPUT_SIZE = 512;
const REQUEST_TIMEOUT_MS = 30_000;
/** A detector with nothing to do for this long is ended: its process holds 100 MB or more once it has seen a photo. */
const IDLE_MS = 5 * 60_000;

interface Detection {
  classIndex: number;
  score: number;
  box: [number, number, number, number];
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; detections: Detection[]; inferenceMs: number }
  | { type: 'error'; id: number; message: string };

type Result = Extract<WorkerMessage, { type: 'result' }>;

export interface LocalDetector extends VisionRecognizer {
  /** Ends the detector's process (tests, shutdown); the next request starts a new one. */
  close(): Promise<void>;
}

/**
 * The embedded default of the vision port: an object detector that knows ten foods of the table (COCO's food
 * classes), each counted and given the food's first household portion. Everything else it sees on a plate is
 * either reported as `unrecognised` (a bowl, a cup) or not mentioned; it never names a food it did not detect.
 */
export function createLocalDetector(opts: { logger?: Logger; idleMs?: number } = {}): LocalDetector {
  let worker: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (m: Result) => void; reject: (e: Error) => void }>();
  let idle: NodeJS.Timeout | undefined;

  // A process rather than a thread: memory the model and the wasm heap took is given back only when a process ends.
  function start(): Promise<void> {
    if (ready) return ready;
    const w = fork(new URL('./detector-worker.js', import.meta.url), [], { serialization: 'advanced', execArgv: [] });
    // An idle detector must not keep the server (or a test run) alive.
    unref(w);
    worker = w;
    ready = new Promise<void>((resolve, reject) => {
      w.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'failed') {
          reject(new Error(`The food detector could not start: ${m.message}`));
          // Its exit clears the way for the next request to try again.
          w.kill();
        } else {
          const p = pending.get(m.id);
          pending.delete(m.id);
          if (m.type === 'result') p?.resolve(m);
          else p?.reject(new Error(`The food detector failed: ${m.message}`));
        }
      });
      w.on('error', (e) => reject(e));
      w.on('exit', (code, signal) => {
        const error = new Error(`The food detector stopped (${signal ?? `exit code ${code}`})`);
        reject(error);
        // Ended when idle, it may exit after the next request has started another: those requests are not its own.
        if (worker !== w && worker !== undefined) return;
        for (const p of pending.values()) p.reject(error);
        pending.clear();
        if (worker === w) {
          worker = undefined;
          ready = undefined;
        }
      });
    });
    // The idle clock starts once the model is loaded: a slow start is not idleness.
    ready.then(endWhenIdle, (e) => opts.logger?.error('food detector unavailable', { error: (e as Error).message }));
    return ready;
  }

  function endWhenIdle() {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (pending.size === 0) void close();
    }, opts.idleMs ?? IDLE_MS);
    idle.unref();
  }

  async function close() {
    clearTimeout(idle);
    const w = worker;
    worker = undefined;
    ready = undefined;
    if (!w || w.exitCode !== null || w.signalCode !== null) return;
    await new Promise((resolve) => {
      w.once('exit', resolve);
      w.kill();
    });
  }

  async function detect(pixels: Buffer): Promise<Result> {
    await start();
    const w = worker!;
    const id = nextId++;
    // Referenced while it has work, so a request in flight is not dropped when the process would otherwise exit.
    ref(w);
    try {
      return await new Promise<Result>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`The food detector did not answer within ${REQUEST_TIMEOUT_MS} ms`));
        }, REQUEST_TIMEOUT_MS);
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            fn(value);
          };
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
        w.send({ id, pixels });
      });
    } finally {
      if (pending.size === 0) {
        unref(w);
        endWhenIdle();
      }
    }
  }

  return {
    engine: 'local',
    async warmUp() {
      await start();
    },
    async recognise(image: PreparedImage): Promise<Recognition> {
      const { default: sharp } = await import('sharp');
      // The model takes a fixed square; like its training pipeline, the photo is stretched rather than padded.
      const pixels = await sharp(image.jpeg).resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
      const { detections, inferenceMs } = await detect(pixels);
      opts.logger?.debug('food detector', { inferenceMs, detections: detections.length });
      return { engine: 'local', model: 'centernet-mobilenetv3-coco', ...toFoods(detections) };
    },
    close,
  };
}

// The channel to a child keeps the parent alive as much as the child itself does.
const ref = (w: ChildProcess) => {
  w.ref();
  w.channel?.ref();
};
const unref = (w: ChildProcess) => {
  w.unref();
  w.channel?.unref();
};

/** Detections → foods of the table (one item per food, its pieces counted) and the containers seen. */
export function toFoods(detections: readonly Detection[]): { foods: RecognisedFood[]; unrecognised: string[] } {
  const byFood = new Map<string, { label: string; pieces: number; confidence: number }>();
  const unrecognised = new Set<string>();
  for (const d of detections) {
    const label = COCO_LABELS[d.classIndex];
    if (!label) continue;
    const foodId = DETECTOR_FOODS[label];
    if (foodId && d.score >= FOOD_MIN_SCORE) {
      const seen = byFood.get(foodId);
      if (seen) {
        seen.pieces += 1;
        seen.confidence = Math.max(seen.confidence, d.score);
      } else byFood.set(foodId, { label, pieces: 1, confidence: d.score });
    } else if (CONTAINERS.has(label) && d.score >= CONTAINER_MIN_SCORE) {
      unrecognised.add(label);
    }
  }
  const foods: RecognisedFood[] = [];
  for (const [foodId, seen] of byFood) {
    const food = foodById(foodId);
    // The map above names only rows of the table; a row renamed away would surface here rather than be invented.
    if (!food) {
      unrecognised.add(seen.label);
      continue;
    }
    foods.push({ foodId, label: seen.label, grams: seen.pieces * food.portions[0].grams, confidence: seen.confidence, pieces: seen.pieces });
  }
  foods.sort((a, b) => b.confidence - a.confidence);
  return { foods, unrecognised: [...unrecognised] };
}
