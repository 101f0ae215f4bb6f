import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn';
import { CheckIcon } from './icons';

interface MenuProps {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows. */
  button: ReactNode;
  buttonClassName?: string;
  align?: 'start' | 'end';
  /** Opens upwards (for a bar at the bottom of the screen). */
  placement?: 'bottom' | 'top';
  children: (close: () => void) => ReactNode;
  className?: string;
}

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemradio"]';

/** A menu button (WAI-ARIA pattern): arrow keys move, Escape closes and returns focus, a click outside closes. */
export function Menu({ label, button, buttonClassName, align = 'end', placement = 'bottom', children, className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `items` reads the rendered menu; the focus moves when the menu opens, not on every render.
  useEffect(() => {
    if (!open) return;
    const first = items().find((el) => el.getAttribute('aria-checked') === 'true') ?? items()[0];
    first?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(index + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      list[event.key === 'Home' ? 0 : list.length - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          'inline-flex items-center justify-center gap-2 rounded-xl text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 aria-expanded:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white dark:aria-expanded:bg-zinc-800',
          buttonClassName,
        )}
      >
        {button}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'absolute z-50 min-w-52 animate-fade-in rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900',
            align === 'end' ? 'right-0' : 'left-0',
            placement === 'bottom' ? 'top-full mt-2' : 'bottom-full mb-2',
          )}
        >
          {children(() => close())}
        </div>
      ) : null}
    </div>
  );
}

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-zinc-700 outline-none hover:bg-zinc-100 focus:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800 dark:focus:bg-zinc-800';

export function MenuItem({ onSelect, icon, children, tone }: { onSelect: () => void; icon?: ReactNode; children: ReactNode; tone?: 'danger' }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} onClick={onSelect} className={cn(itemClasses, tone === 'danger' && 'text-red-600 dark:text-red-400')}>
      {icon ? <span className="text-base text-zinc-500 dark:text-zinc-400">{icon}</span> : null}
      {children}
    </button>
  );
}

export function MenuLink({ to, onSelect, icon, children }: { to: string; onSelect: () => void; icon?: ReactNode; children: ReactNode }) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} onClick={onSelect} className={itemClasses}>
      {icon ? <span className="text-base text-zinc-500 dark:text-zinc-400">{icon}</span> : null}
      {children}
    </Link>
  );
}

export function MenuRadioItem({ checked, onSelect, icon, children, lang }: { checked: boolean; onSelect: () => void; icon?: ReactNode; children: ReactNode; lang?: string }) {
  return (
    <button type="button" role="menuitemradio" aria-checked={checked} tabIndex={-1} onClick={onSelect} className={itemClasses} lang={lang}>
      {icon ? <span className="text-base text-zinc-500 dark:text-zinc-400">{icon}</span> : null}
      <span className="flex-1">{children}</span>
      <CheckIcon className={cn('text-brand-600 dark:text-brand-400', checked ? 'opacity-100' : 'opacity-0')} />
    </button>
  );
}

export function MenuSeparator() {
  // biome-ignore lint/a11y/useSemanticElements: an <hr> brings its own border; this line is drawn by its background.
  return <div role="separator" className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />;
}
