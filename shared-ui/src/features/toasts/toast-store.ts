import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { globalSingleton } from '../../lib/global-singleton.ts';

/** Spec section 9: toasts close by themselves after 5 s. */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  dismiss(id: number): void;
}

let nextId = 1;
export const toastStore = globalSingleton('toasts', () =>
  createStore<ToastState>()((set) => ({
    toasts: [],
    dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  })),
);

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  toastStore.setState((state) => ({ toasts: [...state.toasts, { id, kind, message }] }));
  setTimeout(() => toastStore.getState().dismiss(id), TOAST_DURATION_MS);
  return id;
}

/** Toast helpers for the shell and every remote; the shell's Toaster shows them top right. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state.toasts);
}
