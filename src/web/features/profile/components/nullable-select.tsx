import type { ReactNode } from 'react';
import { Select } from '#web/components/ui/select';

/** A select over `T | null`, where the empty option stands for null ("not set"). */
export function NullableSelect<T extends string>({
  value,
  onChange,
  onBlur,
  options,
  emptyLabel,
  name,
}: {
  value: T | null | undefined;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  options: readonly { value: T; label: ReactNode }[];
  emptyLabel: string;
  name?: string;
}) {
  return (
    <Select name={name} value={value ?? ''} onChange={(e) => onChange((e.target.value || null) as T | null)} onBlur={onBlur}>
      <option value="">{emptyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
