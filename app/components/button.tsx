import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "md" | "lg" | "sm";

const variants: Record<Variant, string> = {
  primary: "bg-gold-400 text-navy-950 hover:bg-gold-500 shadow-sm",
  secondary: "bg-navy-800 text-white hover:bg-navy-700 shadow-sm",
  ghost: "bg-transparent text-navy-800 hover:bg-navy-100 ring-1 ring-inset ring-navy-800/25",
  /** What cannot be undone lightly (disable an account, cancel a booking): the confirming button of a dialog. */
  danger: "bg-danger-700 text-white hover:bg-danger-700/90 shadow-sm",
};
const sizes: Record<Size, string> = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2.5 text-sm",
  lg: "px-6 py-3 text-base",
};

export function buttonClasses(variant: Variant = "primary", size: Size = "md", extra = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type Common = { variant?: Variant; size?: Size; className?: string; children: ReactNode };
type AsRouterLink = Common & { to: LinkProps["to"] } & Omit<LinkProps, "to" | "className" | "children">;
type AsAnchor = Common & { href: string; to?: never } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className" | "children">;
type AsButton = Common & { to?: never; href?: never } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "children">;
export type ButtonProps = AsRouterLink | AsAnchor | AsButton;

/** One button look, rendered as a router link (`to`), a plain link (`href`) or a `<button>`. */
export function Button(props: ButtonProps) {
  if ("to" in props && props.to !== undefined) {
    const { variant, size, className, children, ...rest } = props;
    return (
      <Link {...rest} className={buttonClasses(variant, size, className)}>
        {children}
      </Link>
    );
  }
  if ("href" in props && props.href !== undefined) {
    const { variant, size, className, children, ...rest } = props;
    return (
      <a {...rest} className={buttonClasses(variant, size, className)}>
        {children}
      </a>
    );
  }
  const { variant, size, className, children, type, ...rest } = props as AsButton;
  return (
    <button {...rest} type={type ?? "button"} className={buttonClasses(variant, size, className)}>
      {children}
    </button>
  );
}
