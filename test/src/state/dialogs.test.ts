// The dialogs over the page (src/state/dialogs.ts): the list the layout's DialogHost renders, kept outside any panel.
import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../../../src/state/store.ts';
import { closeAllDialogs, closeDialog, dialogsAtom, openDialog } from '../../../src/state/dialogs.ts';

const keys = () => store.get(dialogsAtom).map((d) => d.key);

describe('dialogs', () => {
  afterEach(() => closeAllDialogs());

  it('stacks dialogs in the order they opened, each closed by the function its opening returned', () => {
    const closeFirst = openDialog('leverage:BTCUSDT', () => 'first');
    const closeSecond = openDialog('position', () => 'second');
    expect(keys()).toEqual(['leverage:BTCUSDT', 'position']);
    closeFirst();
    expect(keys()).toEqual(['position']);
    // Closing twice changes nothing (a close button and Escape in the same moment).
    closeFirst();
    expect(keys()).toEqual(['position']);
    closeSecond();
    expect(keys()).toEqual([]);
  });

  it('opens one dialog per key: a second opening (a double click) adds none, and closes the one that is open', () => {
    openDialog('confirm:cancel-all', () => 'a');
    const again = openDialog('confirm:cancel-all', () => 'b');
    expect(store.get(dialogsAtom)).toHaveLength(1);
    expect(store.get(dialogsAtom)[0]!.render(() => undefined)).toBe('a');
    again();
    expect(keys()).toEqual([]);
  });

  it('hands each dialog the function that closes it, and keeps the state the same object when nothing closes', () => {
    let given: (() => void) | null = null;
    openDialog('transfer', (close) => {
      given = close;
      return null;
    });
    const entry = store.get(dialogsAtom)[0]!;
    const before = store.get(dialogsAtom);
    closeDialog(entry.id + 1000);
    expect(store.get(dialogsAtom)).toBe(before);
    entry.render(() => closeDialog(entry.id));
    expect(given).toBeTypeOf('function');
    given!();
    expect(keys()).toEqual([]);
  });

  it('closes every dialog at once (the route changed)', () => {
    openDialog('a', () => null);
    openDialog('b', () => null);
    closeAllDialogs();
    expect(keys()).toEqual([]);
    expect(openDialog('a', () => null)).toBeTypeOf('function');
    expect(store.get(dialogsAtom)[0]!.opener).toBeNull();
  });
});
