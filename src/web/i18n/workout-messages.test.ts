import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGES } from '#core/common/date-range';
import { WORKOUT_MESSAGES } from '#core/workouts/schemas';
import { translateServerMessage } from './server-messages';

describe('workout messages', () => {
  it('all have a Chinese text', () => {
    for (const message of [...Object.values(WORKOUT_MESSAGES), ...Object.values(DATE_RANGE_MESSAGES)]) {
      expect(translateServerMessage(message, 'zh'), message).not.toBe(message);
    }
    expect(translateServerMessage('Workout with id 4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001 not found', 'zh')).toBe('未找到请求的资源');
    expect(translateServerMessage('Unrecognized key: "calories"', 'zh')).toBe('无法识别的字段："calories"');
  });
});
