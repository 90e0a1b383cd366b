// Step B: React 19 + react-dom/client renders the page after the start-up refresh has ended.
import './content.css';
import { createRoot } from 'react-dom/client';
import { jsx } from 'react/jsx-runtime';
import { Frame, Main } from './content';
import { refreshEnded } from './refresh';

void refreshEnded().then(() => {
  createRoot(document.getElementById('root')!).render(jsx(Frame, { children: jsx(Main, {}) }));
});
