/** Leaving the app for a payment provider's page (a seam for the specs: jsdom cannot navigate). */
export const providerNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
