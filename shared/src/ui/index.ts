import './theme.css';

export * from './Dialog';
export * from './DraggableToast';
export * from './Loading';
export * from './SignInForm';
export * from './TableHead';
export * from './Toasts';
export * from './toasts';
export * from './files';
