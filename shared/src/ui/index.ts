import './theme.css';

export * from './DraggableToast';
export * from './Loading';
export * from './SignInForm';
export * from './Toasts';
export * from './toasts';
