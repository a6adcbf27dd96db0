import { Outlet } from "react-router";
import { SiteChrome } from "~/components/site-chrome";
import { SITE_ROOT_ID } from "~/shell/contract";

/** Public pages. The wrapper is what a page hydrated without the router hydrates (app/shell). */
export default function SiteLayout() {
  return (
    <div id={SITE_ROOT_ID} className="contents">
      <SiteChrome>
        <Outlet />
      </SiteChrome>
    </div>
  );
}
