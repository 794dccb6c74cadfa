import type { ReactNode } from 'react';
import { useAppStore } from '../../store/app-store';
import { NotFoundPage } from '../not-found-page';

/** The desktop screens exist only in the desktop shell; the website answers them as unknown pages. */
export function DesktopOnly({ children }: { children: ReactNode }) {
  const isDesktop = useAppStore((state) => state.isDesktop);
  return isDesktop ? children : <NotFoundPage />;
}
