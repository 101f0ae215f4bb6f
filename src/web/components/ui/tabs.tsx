import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  icon?: ReactNode;
}

interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  label: string;
  idPrefix: string;
  /** Vertical from the lg breakpoint up; below it a grid with every tab in view (settings' eight). */
  responsiveVertical?: boolean;
  className?: string;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/** WAI-ARIA tabs with automatic activation: arrow keys, Home and End move and select. */
export function Tabs<T extends string>({ items, value, onChange, label, idPrefix, responsiveVertical, className }: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });

  // A row cut off at the screen edge fades out on that side, so a phone user sees there are more tabs to swipe to.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const overflow = list.scrollWidth - list.clientWidth;
      const left = overflow > 1 && list.scrollLeft > 1;
      const right = overflow > 1 && list.scrollLeft < overflow - 1;
      setMore((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  // In a horizontally scrolling tab row (phones), keep the selected tab in view.
  useEffect(() => {
    const tab = refs.current.get(value);
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    const offset = tab.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    list.scrollTo({ left: offset - (list.clientWidth - tab.offsetWidth) / 2, behavior: 'smooth' });
  }, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === value);
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    const next = items[(keys[event.key] + items.length) % items.length];
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation={responsiveVertical ? undefined : 'horizontal'}
      onKeyDown={onKeyDown}
      className={cn(
        responsiveVertical ? 'grid grid-cols-4 gap-1 lg:flex lg:flex-col' : 'flex gap-1 overflow-x-auto [scrollbar-width:none]',
        !responsiveVertical &&
          (more.left && more.right
            ? '[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]'
            : more.right
              ? '[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]'
              : more.left && '[mask-image:linear-gradient(to_right,transparent,black_2.5rem)]'),
        className,
      )}
    >
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(node) => {
              if (node) refs.current.set(item.id, node);
              else refs.current.delete(item.id);
            }}
            id={tabId(idPrefix, item.id)}
            role="tab"
            type="button"
            aria-selected={selected}
            aria-controls={selected ? panelId(idPrefix, item.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            className={cn(
              'flex shrink-0 items-center rounded-xl font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500',
              // Every tab in view on a phone: four to a row, the icon over a short label; a column from lg up.
              responsiveVertical
                ? 'min-w-0 flex-col justify-center gap-1 px-1 py-2 text-center text-xs sm:flex-row sm:gap-2 sm:px-3 sm:text-sm lg:w-full lg:justify-start lg:gap-2.5 lg:px-3.5 lg:py-2.5 lg:text-left'
                : 'gap-2.5 px-3.5 py-2 text-sm whitespace-nowrap',
              selected
                ? 'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-800 dark:text-white dark:ring-zinc-700'
                : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-white',
            )}
          >
            {item.icon ? <span className={cn('text-base', selected ? 'text-brand-600 dark:text-brand-400' : '')}>{item.icon}</span> : null}
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, id, children, className }: { idPrefix: string; id: string; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={-1} className={cn('focus:outline-none', className)}>
      {children}
    </div>
  );
}
