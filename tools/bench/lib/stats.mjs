// Figures over repeated measurements.
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** The value at quantile q (0..1) of xs: the nearest rank at or below. */
export const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
