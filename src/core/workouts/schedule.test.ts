import { describe, expect, it } from 'vitest';
import { dayPlanResolver, planDayOn, restDaysBetween, scheduleOn, weekdayOf, type ScheduleEntry } from './schedule';

const history: ScheduleEntry[] = [
  { effectiveFrom: '2026-03-09', trainingDays: ['tue', 'thu'], planId: null },
  { effectiveFrom: '2026-03-02', trainingDays: ['mon', 'wed', 'fri'], planId: '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001' },
  { effectiveFrom: '2026-03-16', trainingDays: null, planId: null },
];

describe('training schedule history', () => {
  it('names weekdays', () => {
    expect(weekdayOf('2026-03-02')).toBe('mon');
    expect(weekdayOf('2026-03-08')).toBe('sun');
  });

  it('judges each day by the schedule in force on it', () => {
    const planOf = dayPlanResolver(history);
    expect(planOf('2026-03-01')).toBeNull(); // before any schedule
    expect(planOf('2026-03-02')).toBe('training');
    expect(planOf('2026-03-03')).toBe('rest');
    expect(planOf('2026-03-09')).toBe('rest'); // a Monday under the Tue/Thu week
    expect(planOf('2026-03-10')).toBe('training');
    expect(planOf('2026-03-16')).toBeNull(); // the schedule was cleared
  });

  it('lists the rest days of a range', () => {
    expect([...restDaysBetween(history, '2026-02-25', '2026-03-20')].sort()).toEqual([
      '2026-03-03',
      '2026-03-05',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-11',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(restDaysBetween([], '2026-01-01', '2026-12-31').size).toBe(0);
  });

  it('finds the entry in force on a date', () => {
    expect(scheduleOn(history, '2026-03-12')?.trainingDays).toEqual(['tue', 'thu']);
    expect(scheduleOn(history, '2026-02-01')).toBeNull();
  });
});

describe('the day of a followed plan', () => {
  it('counts weeks from the calendar week the plan started in, days from Monday', () => {
    // Started on a Wednesday: that week is week 1.
    expect(planDayOn('2026-03-04', '2026-03-04')).toEqual({ weekNumber: 1, dayNumber: 3 });
    expect(planDayOn('2026-03-04', '2026-03-08')).toEqual({ weekNumber: 1, dayNumber: 7 });
    expect(planDayOn('2026-03-04', '2026-03-09')).toEqual({ weekNumber: 2, dayNumber: 1 });
    expect(planDayOn('2026-03-04', '2026-05-31')).toEqual({ weekNumber: 13, dayNumber: 7 });
  });
});
