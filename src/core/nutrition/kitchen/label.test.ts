import { describe, expect, it } from 'vitest';
import { energyKcal, labelServing, type LabelAnswer, type LabelColumn } from './label';

const col = (kcal: number | null, protein: number | null, carbs: number | null, fat: number | null, kj: number | null = null): LabelColumn => ({ kcal, kj, protein, carbs, fat });
const answer = (a: Partial<LabelAnswer>): LabelAnswer => ({ readable: true, name: null, servingGrams: null, perServing: null, per100g: null, ...a });

describe('a nutrition label read from a photo, per serving', () => {
  it('takes the per-serving column as printed', () => {
    expect(labelServing(answer({ name: '  Oat   bar ', servingGrams: 40, perServing: col(172, 4.2, 25.6, 5.8), per100g: col(430, 10.5, 64, 14.5) }))).toEqual({
      name: 'Oat bar',
      servingGrams: 40,
      calories: 172,
      protein: 4.2,
      carbs: 25.6,
      fat: 5.8,
      basis: 'serving',
    });
  });

  it('scales a per-100 g label to its serving size', () => {
    expect(labelServing(answer({ servingGrams: 30, per100g: col(389, 13.5, 58.7, 7.0) }))).toEqual({
      servingGrams: 30,
      calories: 117,
      protein: 4.1,
      carbs: 17.6,
      fat: 2.1,
      basis: 'per100g',
    });
  });

  it('gives 100 g when a per-100 g label names no serving', () => {
    expect(labelServing(answer({ per100g: col(64, 3.4, 4.8, 3.6) }))).toEqual({ servingGrams: 100, calories: 64, protein: 3.4, carbs: 4.8, fat: 3.6, basis: 'per100g' });
  });

  it('converts energy printed only in kJ (4.184 kJ a kcal)', () => {
    expect(energyKcal(col(null, 1, 1, 1, 1674))).toBeCloseTo(400.1, 1);
    expect(labelServing(answer({ servingGrams: 50, per100g: col(null, 10, 60, 12, 1674) }))).toMatchObject({ calories: 200, protein: 5, carbs: 30, fat: 6 });
    // kcal wins when both are printed.
    expect(energyKcal(col(400, 1, 1, 1, 9999))).toBe(400);
  });

  it('works the serving size out of the two energy lines when the label leaves it unread', () => {
    expect(labelServing(answer({ perServing: col(120, 3, 20, 3), per100g: col(400, 10, 66.7, 10) }))).toMatchObject({ servingGrams: 30, calories: 120, basis: 'serving' });
  });

  it('falls back to per 100 g when the serving column lacks a macro', () => {
    expect(labelServing(answer({ servingGrams: 25, perServing: col(100, null, 12, 5), per100g: col(400, 8, 48, 20) }))).toEqual({
      servingGrams: 25,
      calories: 100,
      protein: 2,
      carbs: 12,
      fat: 5,
      basis: 'per100g',
    });
  });

  it('keeps zero values (a diet drink)', () => {
    expect(labelServing(answer({ servingGrams: 330, perServing: col(1, 0, 0, 0), per100g: col(0.3, 0, 0, 0) }))).toMatchObject({
      servingGrams: 330,
      calories: 1,
      protein: 0,
      carbs: 0,
      fat: 0,
    });
  });

  it.each<[string, Partial<LabelAnswer>]>([
    ['not a label', { readable: false, servingGrams: 30, perServing: col(100, 1, 1, 1) }],
    ['no column at all', { servingGrams: 30 }],
    ['no energy', { servingGrams: 30, perServing: col(null, 1, 1, 1) }],
    ['a macro missing from every column', { servingGrams: 30, perServing: col(100, 1, null, 1) }],
    ['a serving column without a serving size', { perServing: col(100, 1, 1, 1) }],
    ['a negative value', { servingGrams: 30, perServing: col(100, -1, 1, 1) }],
    ['a serving over 5000 g', { servingGrams: 6000, per100g: col(10, 1, 1, 1) }],
    ['a serving under 0.1 g', { servingGrams: 0.04, per100g: col(10, 1, 1, 1) }],
    ['more than 10 000 kcal', { servingGrams: 3000, per100g: col(400, 1, 1, 1) }],
    ['a macro over 500 g', { servingGrams: 4000, per100g: col(100, 1, 15, 1) }],
    ['macros heavier than the serving (columns mixed up)', { servingGrams: 30, perServing: col(389, 13.5, 58.7, 7) }],
  ])('answers null for %s', (_, a) => {
    expect(labelServing(answer(a))).toBeNull();
  });

  it('keeps the first 100 characters of a long name', () => {
    expect(labelServing(answer({ name: 'x'.repeat(150), per100g: col(100, 1, 1, 1) }))!.name).toHaveLength(100);
    expect(labelServing(answer({ name: '   ', per100g: col(100, 1, 1, 1) }))).not.toHaveProperty('name');
    expect(labelServing(answer({ name: 'Oat\u0000bar\n\u0085', per100g: col(100, 1, 1, 1) }))!.name).toBe('Oat bar');
    expect(labelServing(answer({ name: `${'x'.repeat(99)}😀`, per100g: col(100, 1, 1, 1) }))!.name).toBe('x'.repeat(99));
    expect(labelServing(answer({ name: 'a\uD800b', per100g: col(100, 1, 1, 1) }))).not.toHaveProperty('name');
  });
});
