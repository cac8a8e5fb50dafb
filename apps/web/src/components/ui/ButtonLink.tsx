import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';
import { buttonVariants, type TButtonProps } from './Button';

export interface TButtonLinkProps extends LinkProps {
  variant?: TButtonProps['variant'];
  size?: TButtonProps['size'];
}

/** A link within the app that looks like a button: it navigates, so it is an <a>, not a <button>. */
export const ButtonLink = forwardRef<HTMLAnchorElement, TButtonLinkProps>(function ButtonLink(
  { variant = 'primary', size = 'md', className, ...props },
  ref,
) {
  return <Link ref={ref} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
});
