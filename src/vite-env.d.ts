/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Support address shown in the footer. */
  readonly VITE_CONTACT_EMAIL?: string;
}
