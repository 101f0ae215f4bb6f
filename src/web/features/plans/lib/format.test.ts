import { describe, expect, it } from 'vitest';
import { doseParts, durationParts } from './format';

describe('plan formatting', () => {
  it('picks seconds or minutes', () => {
    expect(durationParts(45)).toEqual({ value: 45, unit: 's' });
    expect(durationParts(90)).toEqual({ value: 90, unit: 's' });
    expect(durationParts(150)).toEqual({ value: 2.5, unit: 'min' });
    expect(durationParts(1200)).toEqual({ value: 20, unit: 'min' });
    expect(durationParts(95)).toEqual({ value: 95, unit: 's' });
  });

  it('writes rep ranges and fixed counts', () => {
    expect(doseParts({ sets: 3, reps: { min: 8, max: 12 }, durationSeconds: null })).toEqual({ sets: 3, reps: '8–12', time: null });
    expect(doseParts({ sets: 5, reps: { min: 5, max: 5 }, durationSeconds: null })).toEqual({ sets: 5, reps: '5', time: null });
    expect(doseParts({ sets: 1, reps: null, durationSeconds: 600 })).toEqual({ sets: 1, reps: null, time: { value: 10, unit: 'min' } });
  });
});
