// Build-time settings an operator may change (Vite env: VITE_CONTACT_EMAIL).

/** The support address in the footer; set VITE_CONTACT_EMAIL when building for a real deployment. */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || 'support@example.com';

/** Spec §8/§9: a page chunk that has not loaded after this long is reported as a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
