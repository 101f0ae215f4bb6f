import type { Locale } from '#core/common/schemas';
import type { ScanEngine, ScanNutrients } from '#core/nutrition/scans/schemas';

/** A photo ready for recognition: decoded, turned upright, metadata stripped, re-encoded as JPEG. */
export interface PreparedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** One food the engine believes is in the photo. */
export interface RecognisedFood {
  /** A food table id, when the engine's answer is one of our foods. */
  foodId: string | null;
  /** The engine's own name for it (a detector label, or the model's words). */
  label: string;
  /** Estimated edible weight of all pieces together. */
  grams: number;
  /** 0–1. */
  confidence: number;
  /** Objects counted, when the engine counts them. */
  pieces: number | null;
  /** The engine's own nutrient estimate for `grams`, used only when the food is not in the table. */
  estimate?: ScanNutrients;
}

export interface Recognition {
  engine: ScanEngine;
  /** The model that answered (for logs and the ADR's measurements). */
  model: string;
  foods: RecognisedFood[];
  /** Things seen that could not be turned into a food of the table, in the engine's words. */
  unrecognised: string[];
  /** Why a vision LLM's answer was replaced by the embedded detector's, when it was. */
  fallbackReason?: string;
}

export interface VisionRecognizer {
  readonly engine: ScanEngine;
  recognise(image: PreparedImage, opts: { locale: Locale; signal?: AbortSignal }): Promise<Recognition>;
  /** Loads the model ahead of the first request, so the first user does not pay the start-up. */
  warmUp(): Promise<void>;
}
