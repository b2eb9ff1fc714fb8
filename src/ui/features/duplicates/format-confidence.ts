/** A group's confidence (0 to 1) as a whole percentage in the interface's language: "95%", "100%". */
export const formatPercent = (confidence: number): string =>
  `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
