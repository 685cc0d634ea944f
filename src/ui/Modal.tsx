// A modal dialog over a backdrop (the WAI-ARIA dialog pattern), portalled to the body so no panel's box clips it.
// When it opens the focus moves into it: to `initialFocus`, else to what a child focused itself (autoFocus), else to
// the first control, else to the dialog. Tab and Shift+Tab go round inside it. Escape, and a press and release on
// the backdrop, call onClose when the dialog may be dismissed; of stacked dialogs only the topmost hears Escape and
// keeps the focus. When it closes the focus goes back to what opened it; when that control is gone (the terminal
// re-laid its panels out while the dialog was open) to the same control in the new layout, found by its
// data-testid and the market of its row; failing that to `returnFocus`, then to the panel it was in.
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import * as s from './modal.css.ts';

interface Props {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  onClose?: () => void;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
  /** The control to focus when the dialog opens (default: the first one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where the focus goes when the dialog closes and neither its opener nor the same control is on screen. */
  returnFocus?: () => HTMLElement | null;
}

/**
 * The control that opened the dialog, given by whoever renders it from a distance (the layout's DialogHost); without
 * it the dialog takes the element focused when it first renders.
 */
export const ModalOpener = createContext<HTMLElement | null>(null);

/** The open dialogs, oldest first: only the last hears Escape and keeps the focus. */
const stack: object[] = [];
const isTop = (token: object): boolean => stack[stack.length - 1] === token;

const CANDIDATES = 'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable="false"])';

const shown = (el: HTMLElement): boolean => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';

/** An element Tab can reach: enabled, laid out, visible, not taken out by tabindex="-1" or inert. */
function reachable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[inert]')) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  return shown(el);
}

const tabbable = (root: ParentNode): HTMLElement[] => [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(reachable);

function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** How to find an element again after its panel was remounted: its test id and the market of the row it is in. */
interface Mark {
  el: HTMLElement;
  selector: string | null;
  scope: string | null;
}

const scopeOf = (el: Element): string | null => el.closest('[data-symbol]')?.getAttribute('data-symbol') ?? null;

function markOf(el: HTMLElement): Mark {
  const id = el.dataset['testid'];
  return { el, selector: id ? `[data-testid="${CSS.escape(id)}"]` : el.id ? `#${CSS.escape(el.id)}` : null, scope: scopeOf(el) };
}

/** The opener, then the containers around it that have a name (its row, its table, its panel), up to the page. */
function trailOf(opener: HTMLElement): Mark[] {
  const trail = [markOf(opener)];
  for (let el = opener.parentElement; el && el !== document.body; el = el.parentElement) {
    const id = el.dataset['testid'];
    if (el.tagName === 'MAIN' || id?.startsWith('page-')) break;
    if (id) trail.push(markOf(el));
  }
  return trail;
}

/** The element itself while it is on screen, else the one in its place now (outside any dialog). */
function find(mark: Mark): HTMLElement | null {
  if (mark.el.isConnected) return shown(mark.el) ? mark.el : null;
  if (!mark.selector) return null;
  for (const el of document.querySelectorAll<HTMLElement>(mark.selector)) {
    if (shown(el) && !el.closest('[aria-modal="true"]') && scopeOf(el) === mark.scope) return el;
  }
  return null;
}

function returnTarget(trail: readonly Mark[], fallback: (() => HTMLElement | null) | undefined): HTMLElement | null {
  const [opener, ...around] = trail;
  const again = opener ? find(opener) : null;
  if (again && reachable(again)) return again;
  const given = fallback?.();
  if (given?.isConnected) return given;
  // The opener is gone for good (its position closed) or disabled: the first control of the nearest container left.
  const containers = around.map(find).filter((el): el is HTMLElement => el !== null);
  for (const el of containers) {
    const first = tabbable(el)[0];
    if (first) return first;
  }
  const panel = containers[0];
  if (!panel) return null;
  // Nothing in it takes the focus: the panel itself does, so the next Tab goes on from there.
  if (!panel.hasAttribute('tabindex')) panel.tabIndex = -1;
  return panel;
}

/** How long after a dialog closed a control that took the focus back and then went away hands it on. */
const SETTLE_MS = 1500;

/**
 * Gives the focus back. What the dialog did may take that control away a moment later (cancel all: the button
 * leaves with the orders; close all: it is disabled once no position is left); for a short while, a focus lost that
 * way goes to what the trail finds then. A focus the user moved elsewhere is left alone.
 */
function giveBack(trail: readonly Mark[], fallback: (() => HTMLElement | null) | undefined): void {
  let target = returnTarget(trail, fallback);
  target?.focus();
  if (!target || typeof MutationObserver === 'undefined') return;
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || (active === target && !reachable(target));
    if (!lost || stack.length > 0 || (target?.isConnected && reachable(target))) return;
    target = returnTarget(trail, fallback);
    target?.focus();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  setTimeout(() => observer.disconnect(), SETTLE_MS);
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last; from outside, in. */
function cycle(event: KeyboardEvent, dialog: HTMLElement): void {
  const items = tabbable(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && active !== dialog && dialog.contains(active);
  if (!inside || active === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

export function Modal({ title, children, actions, onClose, testId, role = 'dialog', initialFocus, returnFocus }: Props) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const given = useContext(ModalOpener);
  // Taken at the first render: by the time effects run a child with autoFocus may have the focus.
  const [trail] = useState(() => {
    const opener = given ?? focusedElement();
    return opener ? trailOf(opener) : [];
  });
  const latest = useRef({ onClose, returnFocus, initialFocus });
  useLayoutEffect(() => {
    latest.current = { onClose, returnFocus, initialFocus };
  });
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const token = {};
    stack.push(token);
    if (!dialog.contains(document.activeElement)) (latest.current.initialFocus?.current ?? tabbable(dialog)[0] ?? dialog).focus();

    const onKey = (event: KeyboardEvent) => {
      if (!isTop(token)) return;
      if (event.key === 'Tab') return cycle(event, dialog);
      // Escape while an IME composes cancels the composition, not the dialog.
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      const close = latest.current.onClose;
      if (!close) return;
      event.preventDefault();
      close();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop(token) || !(event.target instanceof Node) || dialog.contains(event.target)) return;
      (tabbable(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(token), 1);
      // Back where it came from, unless the focus went somewhere else on purpose meanwhile.
      const active = document.activeElement;
      if (active && active !== document.body && !dialog.contains(active)) return;
      giveBack(trail, latest.current.returnFocus);
    };
  }, [trail]);

  return createPortal(
    <div
      className={s.backdrop}
      // A press in the dialog released over the backdrop (selecting an input's text) is not a click on the backdrop.
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose?.();
        pressedOnBackdrop.current = false;
      }}
    >
      <div ref={dialogRef} className={s.dialog} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid={testId}>
        {/* A dialog opened from inside this one was opened by a control in here, not by this one's opener. */}
        <ModalOpener.Provider value={null}>
          <h2 className={s.title} id={titleId}>
            {title}
          </h2>
          {children}
          {actions ? <div className={s.actions}>{actions}</div> : null}
        </ModalOpener.Provider>
      </div>
    </div>,
    document.body,
  );
}
