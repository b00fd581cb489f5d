import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The app-wide layer first: the stylesheets of the layouts, components and features (imported by their modules) come after it.
import './app/styles.css';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { startOpenedPage } from './app/public-screens';

bootstrap();
startOpenedPage(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
