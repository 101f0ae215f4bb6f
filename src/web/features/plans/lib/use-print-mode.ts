import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the browser prepares a printout. The page renders its print form synchronously in `beforeprint` (the
 * browser lays the page out right after), and prints on white whatever the theme: dark mode is a class on <html>,
 * taken off for the printout and put back after.
 */
export function usePrintMode(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    let wasDark = false;
    const before = () => {
      wasDark = root.classList.contains('dark');
      root.classList.remove('dark');
      flushSync(() => setPrinting(true));
    };
    const after = () => {
      if (wasDark) root.classList.add('dark');
      setPrinting(false);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
