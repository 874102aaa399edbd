/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build time (UTC, minutes) set by vite.config.ts; shown in the menu. */
  readonly VITE_FLOOR_BUILD?: string;
}
