import './theme.css';

export * from './Loading';
export * from './toasts';
