/**
 * What shared components need from the router: a link, the current location and the matched
 * route handles. Components import them from here, never from "react-router", so the same
 * components run in two hosts (docs/decisions/0058):
 * - the admin, a React Router app, where app/root.tsx provides the router's own implementation
 *   (client-side navigation, prefetching);
 * - public pages, documents whose islands wake without the router (app/shell), where the plain
 *   implementation below renders ordinary anchors, on the server and in the browser alike. Their
 *   JavaScript leaves the router out.
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

/** A full page load per navigation: anchors, the page's address and its routes' handles. */
export function plainNavigation(handles: unknown[], pathname: string): Navigation {
  return {
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in props.children
    Link: ({ to, ...props }) => <a href={to} {...props} />,
    useLocation: () => ({ pathname, key: "default" }),
    useRouteHandles: () => handles,
  };
}

const NavigationContext = createContext<Navigation>(plainNavigation([], "/"));

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
