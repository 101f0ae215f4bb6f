import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MuscleSets } from '#core/coach/muscles';
import type { Muscle } from '#core/plans/exercises';
import { cn } from '#web/lib/cn';
import { formatNumber } from '#web/lib/format';
import { useLocale } from '#web/lib/use-locale';

type Shape = { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number } | { kind: 'path'; d: string };
const e = (cx: number, cy: number, rx: number, ry: number): Shape => ({ kind: 'ellipse', cx, cy, rx, ry });
const p = (d: string): Shape => ({ kind: 'path', d });
/** Both sides of the body: a shape at x and its mirror at 100 − x. */
const pair = (cx: number, cy: number, rx: number, ry: number): Shape[] => [e(cx, cy, rx, ry), e(100 - cx, cy, rx, ry)];

// Drawn here on a 100 × 210 grid per view, front and back, each muscle group as a few simple shapes.
const FRONT: Partial<Record<Muscle, Shape[]>> = {
  shoulders: pair(30, 45, 7.5, 6.5),
  chest: [p('M50 41 C44 39 38 40 35 45 C34 52 38 57 45 57 C48 57 50 55 50 52 Z'), p('M50 41 C56 39 62 40 65 45 C66 52 62 57 55 57 C52 57 50 55 50 52 Z')],
  biceps: pair(25, 63, 4.5, 10),
  forearms: pair(21, 89, 4, 12),
  abs: [p('M44 60 H56 Q57 60 57 62 V94 Q57 97 54 98 H46 Q43 97 43 94 V62 Q43 60 44 60 Z')],
  obliques: pair(38.5, 78, 4, 13),
  hip_flexors: pair(42.5, 103, 4, 4.5),
  adductors: pair(46.5, 124, 3, 12),
  quadriceps: pair(39, 130, 7, 21),
  calves: pair(39, 178, 5, 14),
};
const BACK: Partial<Record<Muscle, Shape[]>> = {
  upper_back: [p('M50 33 L61 40 L59 56 L50 62 L41 56 L39 40 Z')],
  shoulders: pair(30, 45, 7.5, 6.5),
  lats: [p('M40 56 L49 64 L46 84 L38 76 C36 68 37 61 40 56 Z'), p('M60 56 L51 64 L54 84 L62 76 C64 68 63 61 60 56 Z')],
  triceps: pair(25, 63, 4.5, 10),
  forearms: pair(21, 89, 4, 12),
  lower_back: [p('M44 86 H56 V99 H44 Z')],
  glutes: pair(43.5, 109, 7, 8.5),
  hamstrings: pair(40, 138, 6.5, 19),
  calves: pair(40, 177, 5.5, 14),
};

/** The body's outline, the same front and back. */
const SILHOUETTE = [
  'M50 4 a10 11 0 1 0 0.01 0 Z',
  'M45 24 H55 V32 H45 Z',
  'M33 36 Q50 30 67 36 L68 60 Q66 90 64 100 L36 100 Q34 90 32 60 Z',
  'M23 39 Q29 35 33 40 L29 74 L27 102 L17 102 L17 74 Z',
  'M77 39 Q71 35 67 40 L71 74 L73 102 L83 102 L83 74 Z',
  'M36 98 H49 L47 160 L46 200 H34 L32 160 Z',
  'M64 98 H51 L53 160 L54 200 H66 L68 160 Z',
];

const LEVELS = ['fill-brand-200 dark:fill-brand-900', 'fill-brand-400 dark:fill-brand-700', 'fill-brand-600 dark:fill-brand-500'];
function levelOf(sets: number, max: number): string {
  const share = sets / max;
  return LEVELS[share > 0.66 ? 2 : share > 0.33 ? 1 : 0];
}

function View({ shapes, label, worked, max, offset }: { shapes: Partial<Record<Muscle, Shape[]>>; label: string; worked: Map<Muscle, number>; max: number; offset: number }) {
  const { t } = useTranslation();
  return (
    <g transform={`translate(${offset} 0)`}>
      <g className="fill-zinc-200 dark:fill-zinc-800">
        {SILHOUETTE.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
      {(Object.entries(shapes) as [Muscle, Shape[]][]).map(([muscle, list]) => {
        const sets = worked.get(muscle) ?? 0;
        return (
          <g key={muscle} className={cn(sets > 0 ? levelOf(sets, max) : 'fill-zinc-300 dark:fill-zinc-700', 'stroke-white stroke-[0.6] dark:stroke-zinc-950')} data-muscle={muscle}>
            <title>{sets > 0 ? t('coach.map.muscleSets', { muscle: t(`plans.muscle.${muscle}`), count: sets }) : t(`plans.muscle.${muscle}`)}</title>
            {list.map((s, i) => (s.kind === 'ellipse' ? <ellipse key={i} cx={s.cx} cy={s.cy} rx={s.rx} ry={s.ry} /> : <path key={i} d={s.d} />))}
          </g>
        );
      })}
      <text x={50} y={209} textAnchor="middle" className="fill-zinc-500 text-[7px] dark:fill-zinc-400">
        {label}
      </text>
    </g>
  );
}

/**
 * The muscles a session or a week worked, front and back, shaded by sets (ADR 028), with the same as a list beside it:
 * the drawing is one image for a screen reader, the list says each group and its sets.
 */
export function BodyMap({ muscles, title, className }: { muscles: MuscleSets[]; title: string; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const worked = new Map(muscles.filter((m) => m.sets > 0).map((m) => [m.muscle, m.sets]));
  const max = Math.max(1, ...worked.values());
  const listed = muscles.filter((m) => m.sets > 0);
  const summary =
    listed.length > 0 ? listed.map((m) => t('coach.map.muscleSets', { muscle: t(`plans.muscle.${m.muscle}`), count: m.sets })).join(t('plans.listSeparator')) : t('coach.map.none');

  return (
    <figure className={cn('flex flex-col gap-4 sm:flex-row sm:items-start', className)} data-testid="body-map" aria-labelledby={titleId}>
      <svg viewBox="0 0 200 212" role="img" aria-label={`${title}: ${summary}`} className="mx-auto w-full max-w-72 shrink-0 sm:mx-0 sm:w-64">
        <View shapes={FRONT} label={t('coach.map.front')} worked={worked} max={max} offset={0} />
        <View shapes={BACK} label={t('coach.map.back')} worked={worked} max={max} offset={100} />
      </svg>
      <figcaption className="min-w-0 flex-1 space-y-2">
        <p id={titleId} className="text-sm font-medium text-zinc-900 dark:text-white">
          {title}
        </p>
        {listed.length > 0 ? (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-zinc-700 dark:text-zinc-300">
            {listed.map((m) => (
              <li key={m.muscle} className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-1.5">
                  <svg viewBox="0 0 10 10" className="size-2.5 shrink-0" aria-hidden="true">
                    <circle cx="5" cy="5" r="5" className={levelOf(m.sets, max)} />
                  </svg>
                  <span className="truncate">{t(`plans.muscle.${m.muscle}`)}</span>
                </span>
                <span className="tabular-nums text-zinc-500 dark:text-zinc-400">{formatNumber(m.sets, locale)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('coach.map.none')}</p>
        )}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('coach.map.legend')}</p>
      </figcaption>
    </figure>
  );
}
