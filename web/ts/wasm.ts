// The one WebAssembly module of the page, initialised once (a worker initialises its own).
import init from '../pkg/plateau_web.js';

export const wasmReady: Promise<unknown> = init();

/** The message of an error thrown by the bindings (a `PlayError`) or by anything else. */
export function reason(e: unknown): string {
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}

/** An element with a class and optional text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

/** A button calling `onClick`. */
export function button(text: string, onClick: () => void, cls = ''): HTMLButtonElement {
  const b = el('button', cls, text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** `m:ss` of a duration in milliseconds. */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A JSON value kept in localStorage under `plateau.<key>`. */
export function stored<T>(key: string, fallback: T): T {
  try {
    const v = localStorage.getItem(`plateau.${key}`);
    return v ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function store(key: string, value: unknown): void {
  localStorage.setItem(`plateau.${key}`, JSON.stringify(value));
}
