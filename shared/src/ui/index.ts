import './theme.css';

export * from './AppProviders';
export * from './DraggableToast';
export * from './Loading';
export * from './SignInForm';
export * from './StandaloneRoot';
export * from './toasts';
