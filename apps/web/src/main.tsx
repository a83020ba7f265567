import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The page's texts (Bangla is loaded only when chosen) before the first render.
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
