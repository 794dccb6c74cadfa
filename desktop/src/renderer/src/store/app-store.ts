import { create } from 'zustand';
import { createDesktopSlice, type DesktopSlice } from './desktop-slice';
import { createSessionSlice, type SessionSlice } from './session-slice';
import { createUiSlice, type UiSlice } from './ui-slice';

export type AppState = SessionSlice & DesktopSlice & UiSlice;

export const useAppStore = create<AppState>()((...args) => ({
  ...createSessionSlice(...args),
  ...createDesktopSlice(...args),
  ...createUiSlice(...args),
}));

export type { SessionNotice } from './session-slice';
