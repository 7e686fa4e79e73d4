import { WarningIcon } from '@consig/shared';
import { createElement } from 'react';
import { toast } from 'react-hot-toast';

/** Drawn, not an emoji; amber like a warning, dark enough to read on the white toast. */
const warningIcon = createElement(WarningIcon, { className: 'consig-toast-warning', size: 20, color: '#b54708', 'aria-hidden': true });

/** react-hot-toast has no warning type: a blank toast with a warning icon (product-spec §8 "warning"). */
export const warningToast = (text: string) => toast(text, { icon: warningIcon, ariaProps: { role: 'alert', 'aria-live': 'assertive' } });
