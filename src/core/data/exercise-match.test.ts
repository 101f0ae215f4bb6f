import { describe, expect, it } from 'vitest';
import { matchExercise } from './exercise-match';

describe('matchExercise', () => {
  it.each([
    ['Bench Press (Barbell)', 'barbell-bench-press'],
    ['bench press (barbell)', 'barbell-bench-press'],
    ['Barbell Bench Press', 'barbell-bench-press'],
    ['Squat (Barbell)', 'barbell-back-squat'],
    ['Deadlift (Barbell)', 'barbell-deadlift'],
    ['Overhead Press (Barbell)', 'barbell-overhead-press'],
    ['Bent Over Row (Barbell)', 'barbell-bent-over-row'],
    ['Lat Pulldown (Cable)', 'lat-pulldown'],
    ['Pull Up', 'pull-up'],
    ['Pull-up', 'pull-up'],
    ['Pull Up (Bodyweight)', 'pull-up'],
    ['Bicep Curl (Dumbbell)', 'dumbbell-biceps-curl'],
    ['Lateral Raise (Dumbbell)', 'dumbbell-lateral-raise'],
    ['Running (Treadmill)', 'treadmill-run'],
    ['Plank', 'plank'],
    ['引体向上', 'pull-up'],
    ['杠铃 卧推', 'barbell-bench-press'],
  ])('%s → %s', (name, id) => {
    expect(matchExercise(name)).toBe(id);
  });

  it('leaves what it does not know', () => {
    expect(matchExercise('Cable Fly Crossover Thing')).toBeNull();
    expect(matchExercise('')).toBeNull();
    expect(matchExercise('Press')).toBeNull();
  });
});
