/**
 * What shared components need from the router: a link, the current location and the matched
 * route handles. Components import them from here, never from "react-router", so the same
 * components run in two hosts:
 * - pages React Router hydrates, where app/root.tsx provides the router's own implementation
 *   (client-side navigation, prefetching);
 * - pages hydrated without the router (app/shell), where the plain implementation below renders
 *   ordinary anchors and reads window.location. Their JavaScript then leaves the router out.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type Ref } from "react";

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

export interface CurrentLocation {
  pathname: string;
  /** Changes on every navigation (a new page load resets it). */
  key: string;
}

export interface Navigation {
  Link: ComponentType<LinkProps>;
  useLocation(): CurrentLocation;
  /** The `handle` export of every matched route, outermost first. */
  useRouteHandles(): unknown[];
}

/** A full page load per navigation: anchors, and the location the browser shows. */
export function plainNavigation(handles: unknown[]): Navigation {
  return {
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in props.children
    Link: ({ to, ...props }) => <a href={to} {...props} />,
    useLocation: () => ({ pathname: typeof window === "undefined" ? "/" : window.location.pathname, key: "default" }),
    useRouteHandles: () => handles,
  };
}

const NavigationContext = createContext<Navigation>(plainNavigation([]));

export const NavigationProvider = NavigationContext.Provider;

export function Link(props: LinkProps) {
  const { Link: Impl } = useContext(NavigationContext);
  return <Impl {...props} />;
}

export function useLocation(): CurrentLocation {
  return useContext(NavigationContext).useLocation();
}

export function useRouteHandles(): unknown[] {
  return useContext(NavigationContext).useRouteHandles();
}
