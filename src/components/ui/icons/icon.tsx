/**
 * Lucide's outline icons without lucide-react's runtime (issue 9: its createLucideIcon, context and class helpers
 * were 1.6 kB gzip on every agent page). Each icon is a string of SVG children (scripts/gen-icons.mjs writes one
 * file per icon, so a page ships only the icons it draws) rendered inside the same <svg> lucide renders.
 * Decorative unless given a label, as lucide does: aria-hidden unless the caller names it.
 */
import type { SVGProps } from "react";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref" | "children" | "dangerouslySetInnerHTML"> {
  size?: number | string;
}

/** Any icon component: ours, or lucide-react's (the admin pages still pass those in). */
export type IconComponent = (props: IconProps) => React.ReactNode;

export function icon(body: string): (props: IconProps) => React.JSX.Element {
  return ({ size = 24, ...rest }) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={rest["aria-label"] || rest["aria-labelledby"] ? undefined : true}
      {...rest}
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
