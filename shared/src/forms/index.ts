/**
 * '@consig/shared/forms': the one forms kit (react-hook-form + zod + the masks of '@consig/shared').
 * An entry of its own, so react-hook-form never reaches the sign-in page (whose form needs no library).
 */
import './forms.css';

export * from './zodResolver';
export * from './useZodForm';
export * from './masks';
export * from './Form';
export * from './Field';
export * from './SelectField';
export * from './SubmitButton';
export * from './useFieldControl';
