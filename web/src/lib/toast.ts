/** A small toast queue: success and error messages that hide themselves after 5 s (spec 1 §2.2). */
import { proxy } from 'valtio';
import { TOAST_DURATION_MS } from './constants';
import { removeById } from './list';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;

export function dismissToast(id: number): void {
  removeById(toastState.toasts, id);
}

export function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  toastState.toasts.push({ id, kind, message });
  window.setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  info: (message: string) => showToast('info', message),
};
