// Applies the colour scheme before the first paint (docs/ui.md: the data-theme marker): a marker
// the host page set wins, then the user's stored choice, then the system's dark preference (a
// user on a dark system who never chose gets a dark page, not a light flash). A classic,
// parser-blocking script from the page's own origin rather than an inline one, so the
// Content-Security-Policy needs no 'unsafe-inline' for scripts (docs/security.md). Served as-is
// from public/ (never bundled), in development and in the build alike.
(() => {
  const root = document.documentElement;
  let stored = null;
  try {
    stored = localStorage.getItem('ASSETDECK_THEME');
  } catch {
    // storage disabled: the marker and the system decide
  }
  if (!root.getAttribute('data-theme')) {
    if (stored === 'dark' || stored === 'light') {
      root.setAttribute('data-theme', stored);
    } else if (window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) {
      root.setAttribute('data-theme', 'dark');
    }
  }
  const marker = root.getAttribute('data-theme');
  if (marker === 'dark' || marker === 'light') {
    root.setAttribute('data-mantine-color-scheme', marker);
  }
})();
