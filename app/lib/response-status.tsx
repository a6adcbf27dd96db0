import { createContext, useContext, type ReactNode } from "react";

/**
 * The HTTP status of the document being rendered (server only: app/entry.server.tsx). A page that
 * answered anything but 200 (a 404, an error) is not a view Análises counts. In the browser, only
 * the admin renders, and it is never counted: 200 there.
 */
const ResponseStatusContext = createContext<number>(200);

export function ResponseStatusProvider({ value, children }: { value: number; children: ReactNode }) {
  return <ResponseStatusContext.Provider value={value}>{children}</ResponseStatusContext.Provider>;
}

export function useResponseStatus(): number {
  return useContext(ResponseStatusContext);
}
