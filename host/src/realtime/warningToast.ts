import { toast } from 'react-hot-toast';

/** react-hot-toast has no warning type: a blank toast with a warning icon (product-spec §8 "warning"). */
export const warningToast = (text: string) => toast(text, { icon: '⚠️', ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
