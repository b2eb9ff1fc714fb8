import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadInitialLanguages } from './lib/i18n';
import './styles.css';

// The active language's texts before the first render: no key ever shows untranslated.
void loadInitialLanguages().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
