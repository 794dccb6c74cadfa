import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';

export interface UiSlice {
  languageModalOpen: boolean;
  setLanguageModalOpen(open: boolean): void;
}

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  languageModalOpen: false,
  setLanguageModalOpen: (open) => set({ languageModalOpen: open }),
});
