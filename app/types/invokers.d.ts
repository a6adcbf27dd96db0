// Invoker commands (HTML; Chromium 135, Firefox 144, Safari 26.2): React passes the attributes
// through, but @types/react does not know them yet.
import "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- must repeat React's type parameter to merge
  interface ButtonHTMLAttributes<T> {
    /** Id of the element the button controls (a <dialog> or a popover). */
    commandfor?: string;
    /** e.g. "show-modal", "close", "toggle-popover". */
    command?: string;
  }
}
