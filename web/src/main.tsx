import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The base rules first: each feature's stylesheet (imported by its screens) comes after them.
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
