import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icons';

/** Gap between the button and its menu, and the least room kept to the window's edges. */
const GAP = 4;

type Place = { top: number; right: number } | { bottom: number; right: number };

/**
 * One entry of a row menu: `render` draws the element (an <a>, a router <Link> or a <button>) with
 * the props given, which make it a menu item that the menu moves focus through.
 */
export interface RowMenuItem {
  id: string;
  render(props: { role: 'menuitem'; tabIndex: -1; className: string; onClick(): void; 'data-menu-item': string }): ReactNode;
  danger?: boolean;
}

/**
 * A "⋯" button with a menu of a row's actions, after the WAI-ARIA menu button pattern: Enter, Space
 * or ↓ open it on its first item (↑ on its last), ↑ ↓ Home End move, Escape closes it and gives
 * focus back to the button, Tab closes it and moves on, and so does a click outside. It is placed
 * in the window (fixed), so that no scrolling table clips it, below the button or, without room
 * there, above, and follows the button as the page scrolls.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [place, setPlace] = useState<Place | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const entries = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? []);
  const close = (refocus: boolean) => {
    setOpen(false);
    setPlace(null);
    if (refocus) button.current?.focus();
  };

  // Placed where the button is, before it shows; then focus goes in (a hidden element takes none).
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      if (!button.current || !menu.current) return;
      const anchor = button.current.getBoundingClientRect();
      const right = Math.max(GAP, window.innerWidth - anchor.right);
      const height = menu.current.offsetHeight;
      const below = window.innerHeight - anchor.bottom;
      setPlace(
        below >= height + GAP * 2 || below >= anchor.top
          ? { top: anchor.bottom + GAP, right }
          : { bottom: window.innerHeight - anchor.top + GAP, right },
      );
    };
    place();
    // It follows its button when the page scrolls or the window changes size.
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open]);
  const shown = place !== null;
  useLayoutEffect(() => {
    if (!open || !shown) return;
    const all = entries();
    (open === 'last' ? all[all.length - 1] : all[0])?.focus();
    // Only as it opens: moving focus inside is the keyboard's.
  }, [shown]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
    // A link activates on Enter only; a menu item on Space too.
    else if (event.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      event.preventDefault();
      document.activeElement.click();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-btn row-menu-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        <Icon name="ellipsis" size={20} strokeWidth={3} />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          className="row-menu"
          style={place ? { ...place, visibility: 'visible' } : { top: 0, right: 0, visibility: 'hidden' }}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <div key={item.id} role="none" className="row-menu-entry">
              {item.render({
                role: 'menuitem',
                tabIndex: -1,
                className: `row-menu-item${item.danger ? ' danger' : ''}`,
                'data-menu-item': item.id,
                // Focus goes back to the button first, so that a dialog the item opens returns it there.
                onClick: () => close(true),
              })}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
