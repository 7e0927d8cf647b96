import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Entry point; the application shell lands with the screens issue.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <main>assetdeck</main>
  </StrictMode>,
);
