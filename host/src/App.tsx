import { Toasts } from '@consig/shared/core';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/AppRoutes';
import './shell.css';

/** The sign-in page needs only this; cached reads (react-query) come with the authenticated layout. */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <Toasts />
    </BrowserRouter>
  );
}
