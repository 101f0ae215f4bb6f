import { createOutboxSender } from './adapters/email/outbox';
import { createSmtpSender } from './adapters/email/smtp';
import type { PaymentProvider } from './adapters/payments/port';
import { createStripeProvider } from './adapters/payments/stripe';
import { createBuiltinNutritionPlanner } from './adapters/nutrition-planner/builtin';
import { createLlmNutritionPlanner } from './adapters/nutrition-planner/llm';
import type { NutritionPlanner } from './adapters/nutrition-planner/port';
import { createBuiltinPlanGenerator } from './adapters/plan-generator/builtin';
import { createLlmPlanGenerator } from './adapters/plan-generator/llm';
import type { PlanGenerator } from './adapters/plan-generator/port';
import { createMemoryStore } from './adapters/rate-limit/memory';
import { createRedisStore } from './adapters/rate-limit/redis';
import { createLocalPhotoStorage } from './adapters/photo-storage/local';
import type { PhotoStorage } from './adapters/photo-storage/port';
import { createS3PhotoStorage } from './adapters/photo-storage/s3';
import { createOpenFoodFactsLookup } from './adapters/product-lookup/openfoodfacts';
import { noProductLookup, type ProductLookup } from './adapters/product-lookup/port';
import { createLlmLabelReader, type LabelReader } from './adapters/vision/label';
import { createLlmVision } from './adapters/vision/llm';
import { createLocalDetector } from './adapters/vision/local-detector';
import type { VisionRecognizer } from './adapters/vision/port';
import type { EmailSender } from './adapters/email/port';
import type { RateLimitStore } from './adapters/rate-limit/port';
import type { Database } from './db/client';
import type { Env } from './env';
import type { ErrorReporter } from './lib/error-reporter';
import type { Logger } from './lib/logger';
import { createSandboxProvider } from './modules/sandbox';

/** What the app is built from (createApp): the configuration, the database, and one adapter per port. */
export interface AppDeps {
  env: Env;
  database: Database;
  rateLimitStore: RateLimitStore;
  email: EmailSender;
  reporter: ErrorReporter;
  logger: Logger;
  authSecret: string;
  payments: PaymentProvider;
  /** Signs (sandbox) and verifies payment webhooks. */
  webhookSecret: string;
  /** Photo calorie tracker. */
  vision: VisionRecognizer;
  /** Pro meal photos. */
  photoStorage: PhotoStorage;
  /** Fitness plans. */
  planGenerator: PlanGenerator;
  /** Nutrition plans. */
  nutritionPlanner: NutritionPlanner;
  /** Barcodes the user has not entered. */
  productLookup: ProductLookup;
  /** Nutrition labels from photos: only with a vision model (AI_VISION_MODEL); without one the endpoint is not served. */
  labelReader?: LabelReader;
}

/** Picks each port's adapter from the configuration: the embedded default, or the production service when set. */
export function adaptersFor(env: Env, database: Database, logger: Logger, reporter: ErrorReporter, secrets: { authSecret: string; webhookSecret: string }): AppDeps {
  if (!env.redisUrl) {
    logger.warn('REDIS_URL is not set: rate limits are kept in memory and will not work across multiple instances');
  }
  return {
    env,
    database,
    logger,
    reporter,
    authSecret: secrets.authSecret,
    webhookSecret: secrets.webhookSecret,
    payments: paymentsFor(env, database, logger, secrets.webhookSecret),
    rateLimitStore: env.redisUrl ? createRedisStore(env.redisUrl) : createMemoryStore(),
    email: env.smtpUrl ? createSmtpSender(env.smtpUrl, env.emailFrom) : createOutboxSender(database.db, logger),
    vision: visionFor(env, logger),
    photoStorage: photoStorageFor(env),
    planGenerator: planGeneratorFor(env, logger),
    nutritionPlanner: nutritionPlannerFor(env, logger),
    productLookup: productLookupFor(env, logger),
    labelReader: labelReaderFor(env, logger),
  };
}

/** The vision model reading nutrition labels when AI_VISION_MODEL is set; else none (there is no fallback to offer). */
export function labelReaderFor(env: Env, logger: Logger): LabelReader | undefined {
  if (!env.visionModel || !env.openai) return undefined;
  return createLlmLabelReader({ ...env.openai, model: env.visionModel, timeoutMs: env.visionTimeoutMs, logger });
}

/** A vision LLM when AI_VISION_MODEL is set (the embedded detector stays as its fallback); else the detector alone. */
export function visionFor(env: Env, logger: Logger): VisionRecognizer {
  const local = createLocalDetector({ logger });
  if (!env.visionModel || !env.openai) return local;
  return createLlmVision({ ...env.openai, model: env.visionModel, timeoutMs: env.visionTimeoutMs, fallback: local, logger });
}

/** An LLM when AI_MODEL is set (the built-in engine answers whenever its plan is rejected); else the engine alone. */
export function planGeneratorFor(env: Env, logger: Logger): PlanGenerator {
  if (!env.aiModel || !env.openai) return createBuiltinPlanGenerator();
  return createLlmPlanGenerator({ ...env.openai, model: env.aiModel, timeoutMs: env.aiTimeoutMs, logger });
}

/** An LLM choosing the foods when AI_MODEL is set (the built-in engine answers whenever its plan is rejected); else the engine. */
export function nutritionPlannerFor(env: Env, logger: Logger): NutritionPlanner {
  if (!env.aiModel || !env.openai) return createBuiltinNutritionPlanner();
  return createLlmNutritionPlanner({ ...env.openai, model: env.aiModel, timeoutMs: env.aiTimeoutMs, logger });
}

/** Open Food Facts when OPENFOODFACTS_URL is set; else none (an unknown code is the user's to enter). */
export function productLookupFor(env: Env, logger: Logger): ProductLookup {
  if (!env.openFoodFacts) return noProductLookup;
  return createOpenFoodFactsLookup({ baseUrl: env.openFoodFacts.url, timeoutMs: env.openFoodFacts.timeoutMs, logger });
}

export function photoStorageFor(env: Env): PhotoStorage {
  return env.s3 ? createS3PhotoStorage(env.s3) : createLocalPhotoStorage(env.dataDir);
}

/** Stripe when STRIPE_SECRET_KEY is set; else the sandbox provider, whose events are signed with `webhookSecret`. */
export function paymentsFor(env: Env, database: Database, logger: Logger, webhookSecret: string): PaymentProvider {
  if (env.stripe) return createStripeProvider({ secretKey: env.stripe.secretKey, apiUrl: env.stripe.apiUrl, prices: env.stripePrices });
  return createSandboxProvider({ db: database.db, appUrl: env.appUrl, webhookSecret, logger });
}
