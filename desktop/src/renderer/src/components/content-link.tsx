import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useAppStore } from '../store/app-store';

/**
 * A link to content on the gateway. On the web it opens in a new tab (or downloads, with
 * `download`); in the desktop app the system browser opens it.
 */
export function ContentLink({
  href,
  download = false,
  className,
  label,
  children,
  onClick: after,
  ...anchor
}: {
  href: string;
  download?: boolean;
  className?: string;
  /** An accessible name when the children are only an icon. */
  label?: string;
  children: ReactNode;
  /** Runs on a click, after the link has been followed or handed to the system browser. */
  onClick?: () => void;
} & Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'role' | 'tabIndex'> & { 'data-menu-item'?: string }) {
  const isDesktop = useAppStore((state) => state.isDesktop);
  const openExternal = useAppStore((state) => state.openExternal);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isDesktop) {
      event.preventDefault();
      openExternal(href);
    }
    after?.();
  };
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      title={label}
      onClick={onClick}
      {...anchor}
      {...(download ? { download: '' } : { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {children}
    </a>
  );
}
