import { Fragment, useMemo } from 'react';
import { linkify } from '#core/community/text';
import { cn } from '#web/lib/cn';

/**
 * What a member wrote, exactly as written: text nodes and http(s) links, never markup. Line breaks show as typed;
 * a long word or address wraps instead of widening the page.
 */
export function UserText({ text, className }: { text: string; className?: string }) {
  const segments = useMemo(() => linkify(text), [text]);
  return (
    <div className={cn('break-words whitespace-pre-wrap [overflow-wrap:anywhere]', className)}>
      {segments.map((s, i) =>
        s.kind === 'link' ? (
          <a
            key={i}
            href={s.href}
            target="_blank"
            // ugc + nofollow: links in members' posts earn no ranking; noopener: the opened page cannot reach back.
            rel="noopener noreferrer nofollow ugc"
            className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-600 dark:text-brand-300 dark:decoration-brand-700 dark:hover:decoration-brand-400"
          >
            {s.text}
          </a>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </div>
  );
}
