import { useLayoutEffect, useRef, useState } from 'react';
import { PHONE_QUERY } from '../lib/phone';

/**
 * A cell whose content is wider than the cell: a column the table squeezes (the files table's name
 * takes the room the others leave) spills into its neighbour without making the table wider.
 */
const cellOverflows = (wrap: HTMLElement): boolean =>
  Array.from(wrap.querySelectorAll('td')).some((cell) => cell.scrollWidth > cell.clientWidth + 1);

/**
 * True on phones, and while the wrapped table is wider than its card or a cell's content wider than
 * its cell: the table then shows its rows as stacked cards (as on phones) instead of being clipped,
 * scrolled sideways or drawn over. Column widths depend on the language and the data, so the table
 * is measured, not guessed: the wrapper's width and the table's content are watched, and each check
 * lays the table out as a table once to compare.
 */
export function useStackedTable<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [stacked, setStacked] = useState(false);

  useLayoutEffect(() => {
    const wrap = ref.current;
    if (!wrap) return;
    const check = () => {
      const was = wrap.classList.contains('stacked');
      wrap.classList.remove('stacked');
      const overflows = wrap.scrollWidth > wrap.clientWidth + 1 || cellOverflows(wrap);
      wrap.classList.toggle('stacked', was);
      // Phones always get cards, whatever would fit.
      setStacked(overflows || window.matchMedia(PHONE_QUERY).matches);
    };
    check();
    const resize = new ResizeObserver(check);
    resize.observe(wrap);
    // Rows loaded, renamed or translated change the widths too.
    const mutation = new MutationObserver(check);
    mutation.observe(wrap, { childList: true, subtree: true, characterData: true });
    return () => {
      resize.disconnect();
      mutation.disconnect();
    };
  }, []);

  return { ref, stacked };
}
