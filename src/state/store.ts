// The app's single jotai store. Non-React code (the API client, session actions) reads and writes it directly;
// React reads it through the hooks in ./hooks.ts. Only files in src/state import jotai.
import { createStore } from 'jotai';

export const store = createStore();
