import { describe, expect, it } from 'vitest';
import { planGeneratorFor } from '#server/deps';
import { EnvError, readEnv } from '#server/env';
import { createLogger } from '#server/lib/logger';

const logger = createLogger('silent');

describe('plan generator choice', () => {
  it('uses the built-in engine unless a model is configured', () => {
    expect(planGeneratorFor(readEnv({}), logger).name).toBe('builtin');
    expect(planGeneratorFor(readEnv({ OPENAI_API_KEY: 'sk-test' }), logger).name).toBe('builtin');
  });

  it('uses the LLM when AI_MODEL and an OpenAI-compatible API are set', () => {
    expect(planGeneratorFor(readEnv({ OPENAI_API_KEY: 'sk-test', AI_MODEL: 'gpt-4o-mini' }), logger).name).toBe('llm');
    expect(planGeneratorFor(readEnv({ OPENAI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1' }), logger).name).toBe('llm');
  });

  it('reads the timeout and refuses a model without an API', () => {
    expect(readEnv({}).aiTimeoutMs).toBe(60_000);
    expect(readEnv({ AI_TIMEOUT_MS: '15000' }).aiTimeoutMs).toBe(15_000);
    expect(() => readEnv({ AI_TIMEOUT_MS: '10' })).toThrow(EnvError);
    expect(() => readEnv({ AI_MODEL: 'gpt-4o-mini' })).toThrow(/AI_MODEL: needs OPENAI_API_KEY or OPENAI_BASE_URL/);
  });
});
