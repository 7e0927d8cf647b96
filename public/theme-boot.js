// Applies the stored colour scheme before the first paint (docs/ui.md: the data-theme marker).
// A classic, parser-blocking script from the page's own origin rather than an inline one, so the
// Content-Security-Policy needs no 'unsafe-inline' for scripts (docs/security.md). Served as-is
// from public/ (never bundled), in development and in the build alike.
(() => {
  try {
    const stored = localStorage.getItem('ASSETDECK_THEME');
    const root = document.documentElement;
    if (!root.getAttribute('data-theme') && (stored === 'dark' || stored === 'light')) {
      root.setAttribute('data-theme', stored);
    }
    const marker = root.getAttribute('data-theme');
    if (marker === 'dark' || marker === 'light') {
      root.setAttribute('data-mantine-color-scheme', marker);
    }
  } catch {
    // storage disabled: the marker alone decides
  }
})();
