/**
 * '@consig/shared/core': the part of @consig/shared the sign-in page needs, and all it loads of it (budget:
 * 200 KB of JavaScript, gzip; docs/architecture.md "One copy of each library"): the runtime config, the
 * session, the API client, the sign-in form, the toasts and the loading indicator. A singleton like the main
 * entry, which re-exports it through the package name, so the session and the API client exist once
 * whichever entry a module imports. Never re-export the contracts or the bus here: the sign-in form and the
 * session read only auth's contract, and the rest comes with the signed-in layout.
 */
import '../ui/theme.css';

export * from '../runtimeConfig';
export * from '../session';
export * from '../api';
export * from '../ui/Loading';
export * from '../ui/SignInForm';
export * from '../ui/Toasts';
export * from '../ui/toasts';
export * from '../ui/DraggableToast';
