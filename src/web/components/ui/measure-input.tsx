import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { CM_PER_IN, KG_PER_LB, lengthIn, lengthUnitKey, round, weightIn, weightUnitKey, type Units } from '#web/lib/units';
import { useField } from './field';
import { Input } from './input';

/** '' → null; anything else → a number (NaN when it is not one, so the schema reports it). */
function parse(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

function feetAndInches(cm: number): [string, string] {
  let ft = Math.floor(cm / CM_PER_IN / 12);
  let inch = Math.round(cm / CM_PER_IN - ft * 12);
  if (inch === 12) {
    ft += 1;
    inch = 0;
  }
  return [String(ft), String(inch)];
}

const isBlank = (value: number | null) => value == null || Number.isNaN(value);

/**
 * Runs `sync` when the value changes from outside (a reset, a save) or the units switch, but not when the change
 * is the one this input just emitted: what the user is typing ("72.", "") stays as typed.
 */
function useOutsideChanges(value: number | null, units: Units, sync: (value: number | null) => void) {
  const emitted = useRef(value);
  const lastUnits = useRef(units);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `sync` is a fresh closure each render; value and units are what matter.
  useEffect(() => {
    const unitsChanged = lastUnits.current !== units;
    lastUnits.current = units;
    if (!unitsChanged && Object.is(value, emitted.current)) return;
    emitted.current = value;
    sync(value);
    // `sync` is a fresh closure each render; value and units are what matter.
  }, [value, units]);
  return (next: number | null) => {
    emitted.current = next;
  };
}

interface MeasureProps {
  /** Always metric (kg or cm): what the API stores. */
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  units: Units;
  name?: string;
  id?: string;
}

function Suffixed({ suffix, ...props }: ComponentProps<typeof Input> & { suffix: string }) {
  return (
    <div className="relative">
      <Input inputMode="decimal" autoComplete="off" className="pr-12" {...props} />
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm text-zinc-500 dark:text-zinc-400">
        {suffix}
      </span>
    </div>
  );
}

/** A number typed in the user's units, kept in metric: `toMetric` and `fromMetric` convert, `suffix` names the unit. */
function MetricInput({
  value,
  onChange,
  onBlur,
  units,
  name,
  id,
  suffix,
  toMetric,
  fromMetric,
}: MeasureProps & { suffix: string; toMetric: (typed: number) => number; fromMetric: (metric: number) => number }) {
  const show = (metric: number | null) => (isBlank(metric) ? '' : String(fromMetric(metric!)));
  const [text, setText] = useState(() => show(value));
  const markEmitted = useOutsideChanges(value, units, (v) => setText(show(v)));
  return (
    <Suffixed
      id={id}
      name={name}
      value={text}
      suffix={suffix}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        const typed = parse(e.target.value);
        const metric = typed == null ? null : toMetric(typed);
        markEmitted(metric);
        onChange(metric);
      }}
    />
  );
}

/** A weight typed in kg or lb, kept in kg. */
export function WeightInput(props: MeasureProps) {
  const { t } = useTranslation();
  const imperial = props.units === 'imperial';
  return (
    <MetricInput {...props} suffix={t(weightUnitKey(props.units))} fromMetric={(kg) => weightIn(kg, props.units)} toMetric={(typed) => (imperial ? round(typed * KG_PER_LB, 2) : typed)} />
  );
}

/** A circumference typed in cm or inches, kept in cm. */
export function LengthInput(props: MeasureProps) {
  const { t } = useTranslation();
  const imperial = props.units === 'imperial';
  return (
    <MetricInput {...props} suffix={t(lengthUnitKey(props.units))} fromMetric={(cm) => lengthIn(cm, props.units)} toMetric={(typed) => (imperial ? round(typed * CM_PER_IN, 2) : typed)} />
  );
}

/** A height typed in cm, or in feet and inches, kept in cm. */
export function HeightInput({ value, onChange, onBlur, units, name }: MeasureProps) {
  const { t } = useTranslation();
  const field = useField();
  const [cmText, setCmText] = useState(() => (isBlank(value) ? '' : String(round(value!, 1))));
  const [[feet, inches], setImperial] = useState<[string, string]>(() => (isBlank(value) ? ['', ''] : feetAndInches(value!)));
  const markEmitted = useOutsideChanges(value, units, (v) => {
    setCmText(isBlank(v) ? '' : String(round(v!, 1)));
    setImperial(isBlank(v) ? ['', ''] : feetAndInches(v!));
  });

  function emit(cm: number | null) {
    markEmitted(cm);
    onChange(cm);
  }

  if (units === 'metric') {
    return (
      <Suffixed
        name={name}
        value={cmText}
        suffix={t('units.cm')}
        onBlur={onBlur}
        onChange={(e) => {
          setCmText(e.target.value);
          emit(parse(e.target.value));
        }}
      />
    );
  }

  function emitImperial(nextFeet: string, nextInches: string) {
    setImperial([nextFeet, nextInches]);
    const ft = parse(nextFeet);
    const inch = parse(nextInches);
    emit(ft == null && inch == null ? null : round(((ft ?? 0) * 12 + (inch ?? 0)) * CM_PER_IN, 1));
  }

  return (
    <div className="grid grid-cols-2 gap-2">
      <Suffixed name={name} value={feet} suffix={t('units.ft')} onBlur={onBlur} onChange={(e) => emitImperial(e.target.value, inches)} />
      <Suffixed
        id={field ? `${field.id}-inches` : undefined}
        value={inches}
        suffix={t('units.in')}
        aria-label={t('units.inches')}
        onBlur={onBlur}
        onChange={(e) => emitImperial(feet, e.target.value)}
      />
    </div>
  );
}

/** A percentage (body fat), the same in every unit system. */
export function PercentInput(props: MeasureProps) {
  return <MetricInput {...props} suffix="%" fromMetric={(value) => round(value, 1)} toMetric={(typed) => typed} />;
}
