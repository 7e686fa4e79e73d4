/** Toast durations of product-spec §9. */
export const TOAST_MS = {
  /** The client screen (/atendimento). */
  clientScreen: 5_000,
  /** Campaign and attendance screens, and the shell. */
  screens: 3_000,
} as const;
