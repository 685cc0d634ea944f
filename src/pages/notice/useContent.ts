// One content read as a ContentState, read again in the page's language and when the user asks to retry.
import { useState, type DependencyList } from 'react';
import { useLingui } from '@lingui/react';
import { useLoadable } from '../../ui/useLoadable.ts';
import { contentState, type ContentState } from './content-state.ts';

export function useContent<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): [ContentState<T>, () => void] {
  const { i18n } = useLingui();
  const [attempt, setAttempt] = useState(0);
  const loaded = useLoadable(load, [...deps, i18n.locale, attempt]);
  return [contentState(loaded), () => setAttempt((n) => n + 1)];
}
